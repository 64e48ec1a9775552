/** Texts of the landing area. */
export const landing = {};
