/** Texts of the settings screens. */
export default {};
