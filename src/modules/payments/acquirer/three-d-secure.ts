/**
 * The simulated 3-D Secure challenge. In test projects the challenge page asks for a one-time code; this
 * documented code passes it and anything else fails, so tests and people can take both paths on purpose.
 */
export const THREE_D_SECURE_TEST_CHALLENGE_CODE = '1234';

/** Whether the code entered on the simulated challenge page passes (exact match, surrounding spaces ignored). */
export function isThreeDSecureChallengePassed(code: string): boolean {
  return code.trim() === THREE_D_SECURE_TEST_CHALLENGE_CODE;
}
