/**
 * The offline identity stand-in: an embedded Amazon Cognito user-pool endpoint (Cognito's JSON
 * protocol, users in D1, RS256 tokens, JWKS) and the dev outbox of the codes it "texts".
 * Offline only: the edge mounts these when no real user pool is configured.
 */
export { LOCAL_POOL } from './pool';
export { identityStandIn } from './app';
export { standInJwks } from './signing-keys';
export { devOutbox } from './outbox';
