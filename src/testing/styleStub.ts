/* CSS is bundled by webpack; tests need no styles. */
export default {}
