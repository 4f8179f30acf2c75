/** Texts of the personal screens. */
export default {};
