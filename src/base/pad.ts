// Zero-padding of numbers in dates and times ("05", "0042"), shared by the prompt's clock and the
// conversion of human dates for inputs.

/** `n` in at least `width` digits, zero-padded. */
export const pad = (n: number, width = 2): string => String(n).padStart(width, '0');
