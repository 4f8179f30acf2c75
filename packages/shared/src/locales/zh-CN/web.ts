/** Texts of the web app's screens, by screen. */
export default {};
