// Module Federation remote 'sector' (served by the gateway at /remotes/sector/).
const { createWebpackConfig } = require('../packages/web-kit/build/webpack-common');

module.exports = (env, argv) => createWebpackConfig({ app: 'sector', dir: __dirname, exposes: require('./exposes') }, env, argv);
