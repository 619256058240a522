// Module Federation remote 'hr' (served by the gateway at /remotes/hr/).
const { createWebpackConfig } = require('../packages/web-kit/build/webpack-common');

module.exports = (env, argv) => createWebpackConfig({ app: 'hr', dir: __dirname, exposes: require('./exposes') }, env, argv);
