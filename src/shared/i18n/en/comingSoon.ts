/** Texts of the comingSoon area. */
export const comingSoon = {};
