// Module Federation host: the shell (landing, /auth, layout, 404, remote loading).
// Remotes are not listed here: they are registered at run time from /config/remotes.json.
const { createWebpackConfig } = require('../packages/web-kit/build/webpack-common');

module.exports = (env, argv) => createWebpackConfig({ app: 'shell', dir: __dirname }, env, argv);
