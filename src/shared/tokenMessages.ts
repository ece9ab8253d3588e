/** Spec 02 §8: what the token call's failure is called, by the server and by the expert flow that shows it. */
export const TOKEN_FAILED = 'Failed to generate Token';
