/** Texts of the registration screens. */
export default {};
