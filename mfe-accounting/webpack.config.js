// Module Federation remote 'accounting' (served by the gateway at /remotes/accounting/).
const { createWebpackConfig } = require('../packages/web-kit/build/webpack-common');

module.exports = (env, argv) => createWebpackConfig({ app: 'accounting', dir: __dirname, exposes: require('./exposes') }, env, argv);
