/** `1 warning`, `2 warnings`, `0 warnings`: a count with its noun, in the number it takes. */
export const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
