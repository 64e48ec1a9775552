/** Texts of the admin area. */
export const admin = {};
