// Module Federation host: the shell (landing, /auth, layout, 404, remote loading, and the identity and
// workspace pages APP_ROUTES gives it: /portefeuille, /parametres with its Membres and Profil tabs).
// Remotes are not listed here: they are registered at run time from /config/remotes.json.
const { createWebpackConfig } = require('../packages/web-kit/build/webpack-common');

module.exports = (env, argv) => createWebpackConfig({ app: 'shell', dir: __dirname }, env, argv);
