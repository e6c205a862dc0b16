/**
 * The sandbox's own sentences about users (spec 2.12, 4.5, 5.3) and about an invoice it could not judge: one place
 * for what a client of the sandbox reads, each by id.
 */
export const SANDBOX_WORDS = {
  userCreated: 'User created',
  /** A create body that is not an object. */
  userBody: 'the body must be a JSON object: {"name"?, "email"?} (both optional)',
  userText: (field: string) => `${field} must be a string`,
  /** user_id naming no user of the calling application (entity create, update, list). */
  userUnknown: (userId: string) =>
    `user_id ${JSON.stringify(userId)} is not a user of this application (spec 2.12: it must belong to the same application): create one with POST /oauth/users, whose answer carries its user_id, or leave user_id out for the application's owner`,
  /** An invoice pintae could not run the PINT-AE rules on (pintae/rules-failed): never valid, never delivered. */
  rulesNotRun: (why: string) => `The invoice could not be validated: ${why}`,
  /** The validate endpoint's 500 for such an invoice: no answer of the service can be given. */
  internal: (what: string) => `Internal server error: ${what}`,
} as const;
