/** Texts of the profile area. */
export const profile = {};
