/**
 * The ajv options every validator of a form schema is built with, in the browser (precompiled at build time)
 * and on the server (compiled at start-up), so both sides judge a body the same way.
 * `strict: false` lets ajv ignore `errorMessage`, which schema-messages.ts reads instead;
 * `$data: true` allows rules such as "passwordAgain equals password" (`const: { $data: '1/password' }`).
 */
export const formAjvOptions = {
  allErrors: true,
  strict: false,
  $data: true,
  verbose: true,
} as const;
