/** Up to two letters for an avatar: first letters of the first two words, else the first two characters. */
export function initials(nickname: string): string {
  const words = nickname
    .trim()
    .split(/[\s._-]+|(?<=[a-zа-яё])(?=[A-ZА-ЯЁ])/u)
    .filter((word) => /[\p{L}\p{N}]/u.test(word));
  if (words.length === 0) return '?';
  if (words.length === 1) return [...(words[0]?.replace(/[^\p{L}\p{N}]/gu, '') ?? '')].slice(0, 2).join('').toUpperCase() || '?';
  const letter = (word: string | undefined) => [...(word?.replace(/[^\p{L}\p{N}]/gu, '') ?? '')][0] ?? '';
  return `${letter(words[0])}${letter(words[1])}`.toUpperCase();
}
