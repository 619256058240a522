import { amountInFrenchWords, numberToFrenchWords } from './french-words';

describe('numberToFrenchWords', () => {
  it.each([
    [0, 'zéro'],
    [1, 'un'],
    [7, 'sept'],
    [10, 'dix'],
    [16, 'seize'],
    [17, 'dix-sept'],
    [19, 'dix-neuf'],
    [20, 'vingt'],
    [21, 'vingt et un'],
    [22, 'vingt-deux'],
    [31, 'trente et un'],
    [45, 'quarante-cinq'],
    [61, 'soixante et un'],
    [69, 'soixante-neuf'],
    [70, 'soixante-dix'],
    [71, 'soixante et onze'],
    [72, 'soixante-douze'],
    [77, 'soixante-dix-sept'],
    [80, 'quatre-vingts'],
    [81, 'quatre-vingt-un'],
    [88, 'quatre-vingt-huit'],
    [90, 'quatre-vingt-dix'],
    [91, 'quatre-vingt-onze'],
    [99, 'quatre-vingt-dix-neuf'],
    [100, 'cent'],
    [101, 'cent un'],
    [180, 'cent quatre-vingts'],
    [200, 'deux cents'],
    [201, 'deux cent un'],
    [280, 'deux cent quatre-vingts'],
    [999, 'neuf cent quatre-vingt-dix-neuf'],
    [1000, 'mille'],
    [1001, 'mille un'],
    [1100, 'mille cent'],
    [2000, 'deux mille'],
    [21_000, 'vingt et un mille'],
    [80_000, 'quatre-vingt mille'],
    [118_000, 'cent dix-huit mille'],
    [200_000, 'deux cent mille'],
    [200_200, 'deux cent mille deux cents'],
    [999_999, 'neuf cent quatre-vingt-dix-neuf mille neuf cent quatre-vingt-dix-neuf'],
    [1_000_000, 'un million'],
    [1_000_001, 'un million un'],
    [2_000_000, 'deux millions'],
    [2_500_000, 'deux millions cinq cent mille'],
    [1_234_567, 'un million deux cent trente-quatre mille cinq cent soixante-sept'],
    [80_000_000, 'quatre-vingts millions'],
    [200_000_000, 'deux cents millions'],
    [1_000_000_000, 'un milliard'],
    [3_200_000_000, 'trois milliards deux cents millions'],
    [1_000_000_000_000, 'mille milliards'],
  ])('%d → %s', (n, words) => {
    expect(numberToFrenchWords(n)).toBe(words);
  });

  it('handles the largest numeric(15,2) amount', () => {
    expect(numberToFrenchWords(9_999_999_999_999n)).toBe(
      'neuf mille neuf cent quatre-vingt-dix-neuf milliards neuf cent quatre-vingt-dix-neuf millions neuf cent quatre-vingt-dix-neuf mille neuf cent quatre-vingt-dix-neuf',
    );
  });
});

describe('amountInFrenchWords', () => {
  it('spells an amount in francs CFA, rounded to the franc (XOF has no subunit in practice)', () => {
    expect(amountInFrenchWords('118000.00')).toBe('cent dix-huit mille francs CFA');
    expect(amountInFrenchWords('1.00')).toBe('un franc CFA');
    expect(amountInFrenchWords('0.00')).toBe('zéro franc CFA');
    expect(amountInFrenchWords('1500.49')).toBe('mille cinq cents francs CFA');
    expect(amountInFrenchWords('1500.50')).toBe('mille cinq cent un francs CFA');
  });
});
