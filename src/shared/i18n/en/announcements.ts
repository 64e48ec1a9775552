/** Texts of the announcements area. */
export const announcements = {};
