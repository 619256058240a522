/** Lower case without accents, for searches that ignore both ("Écriture" → "ecriture"). */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
