import { winAnsi } from './render';

// The standard PDF fonts print Windows-1252 only: what they lack must not reach the PDF.
describe('winAnsi', () => {
  it('keeps Latin-1 and the Windows-1252 extras', () => {
    expect(winAnsi('Café crème — 15 000 € « TTC » œuf')).toBe('Café crème — 15 000 € « TTC » œuf');
  });

  it('turns narrow, thin and ideographic spaces, tabs and carriage returns into spaces; keeps line breaks', () => {
    expect(winAnsi('10\u202f000\u2009F\u3000x\ty\r\nz')).toBe('10 000 F x y \nz');
  });

  it('replaces each character the fonts lack by one "?", astral ones included', () => {
    expect(winAnsi('Ωmega 😀 ok')).toBe('?mega ? ok');
    expect(winAnsi('ا')).toBe('?');
  });

  it('reads null and undefined as empty', () => {
    expect(winAnsi(null)).toBe('');
    expect(winAnsi(undefined)).toBe('');
  });
});
