/**
 * The offline identity stand-in: an Amazon Cognito user-pool endpoint (Cognito's JSON protocol,
 * users in D1, RS256 tokens, JWKS). Password-reset codes it "texts" land in the dev outbox.
 */
export { LOCAL_POOL } from './pool';
export { identityStandIn } from './app';
export { standInJwks } from './signing-keys';
