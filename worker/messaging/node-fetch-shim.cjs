// `node-fetch` for the `pusher` SDK on Workers (wrangler.toml [alias]): the global fetch, without Node's `agent`.
const nodeFetch = (url, { agent: _agent, ...init } = {}) => fetch(url, init);
module.exports = Object.assign(nodeFetch, { default: nodeFetch });
