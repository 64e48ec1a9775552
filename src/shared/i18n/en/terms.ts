/** Texts of the terms area. */
export const terms = {};
