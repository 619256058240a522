// The webpack configuration of the four front-end builds (shell host + three remotes).
// One place so that the builds agree on sharing, loaders and resolution.
// Plain CommonJS: webpack-cli 7 on Node 20 cannot load TypeScript configs.
const path = require('node:path');
const fs = require('node:fs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { sharedModules, reactRouterImpl, muiStylesImpl, APPS } = require('./federation');

const ROOT = path.resolve(__dirname, '../../..');

function swcRule(test, tsx, development) {
  return {
    test,
    exclude: /node_modules/,
    use: {
      loader: 'swc-loader',
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx },
          target: 'es2020',
          transform: tsx ? { react: { runtime: 'automatic', development, refresh: false } } : undefined,
        },
        sourceMaps: development,
      },
    },
  };
}

function minimizer() {
  // webpack 5.111 ships `minimizer-webpack-plugin` (the terser plugin's successor);
  // its SWC implementation is several times faster than terser on two cores.
  try {
    const MinimizerPlugin = require('minimizer-webpack-plugin');
    return [
      new MinimizerPlugin({ minify: { implementation: MinimizerPlugin.swcMinify, options: { compress: { passes: 2 }, mangle: true } } }),
    ];
  } catch {
    return ['...'];
  }
}

/**
 * Writes `.chunk-graph.json` into the output folder: for every chunk (by id) its JS
 * files, whether it is initial, the chunk groups it belongs to, the shared modules its
 * code consumes and the source modules it carries (by index in `modules`, so that a
 * module shipped in two loaded files shows); the chunks of each entry point and named
 * chunk group; and the chunks holding the build's provider of each share key.
 * infra/bench/lib/page-bundle.js reads it to compute the JavaScript a cold load of a
 * page fetches. (Dot file: static servers such as express.static do not serve it.)
 */
class ChunkGraphPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('ChunkGraphPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ChunkGraphPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const { chunkGraph } = compilation;
        // Chunks are named by id: a chunk holding only consume-shared modules has no
        // file, yet loading it loads the shared modules it consumes.
        const ids = (chunks) => [...new Set([...chunks].map((c) => String(c.id)))].sort();
        const blockChunks = (block) => {
          const group = block ? chunkGraph.getBlockChunkGroup(block) : undefined;
          return group ? ids(group.chunks) : [];
        };
        const provides = {};
        for (const module of compilation.modules) {
          if (module.constructor.name === 'ProvideSharedModule') provides[module._name] = blockChunks(module.blocks[0]);
        }
        // Source modules by file path (a concatenated module counts as its parts).
        const moduleNames = [];
        const moduleIndex = new Map();
        const sourceModules = (module) => {
          if (Array.isArray(module.modules)) return module.modules.flatMap(sourceModules);
          const resource = module.resource;
          return typeof resource === 'string' ? [path.relative(ROOT, resource).split(path.sep).join('/')] : [];
        };
        const indexOf = (name) => {
          if (!moduleIndex.has(name)) {
            moduleIndex.set(name, moduleNames.length);
            moduleNames.push(name);
          }
          return moduleIndex.get(name);
        };
        const chunks = {};
        for (const chunk of compilation.chunks) {
          const consumes = [];
          const modules = new Set();
          for (const module of chunkGraph.getChunkModulesIterable(chunk)) {
            if (module.constructor.name === 'ConsumeSharedModule') {
              consumes.push({ shareKey: module.options.shareKey, fallback: blockChunks(module.blocks[0]) });
            } else {
              for (const name of sourceModules(module)) modules.add(indexOf(name));
            }
          }
          chunks[String(chunk.id)] = {
            files: [...chunk.files].filter((f) => f.endsWith('.js')).sort(),
            initial: chunk.canBeInitial(),
            groups: [...chunk.groupsIterable].map((g) => g.name).filter(Boolean),
            consumes: consumes.sort((a, b) => a.shareKey.localeCompare(b.shareKey)),
            modules: [...modules].sort((a, b) => a - b),
          };
        }
        const entrypoints = {};
        for (const [name, entrypoint] of compilation.entrypoints) entrypoints[name] = ids(entrypoint.chunks);
        const namedChunkGroups = {};
        for (const [name, group] of compilation.namedChunkGroups) namedChunkGroups[name] = ids(group.chunks);
        const json = JSON.stringify({ entrypoints, namedChunkGroups, provides, chunks, modules: moduleNames });
        compilation.emitAsset('.chunk-graph.json', new sources.RawSource(json));
      });
    });
  }
}

/**
 * Entry chunk names. webpack 5.111 evaluates the federation runtime module while
 * chunk hashes are being computed, before `[contenthash]` exists, and fails
 * ("Path variable [contenthash:8] not implemented in this context",
 * module-federation/core#5077). That early call only needs the folder depth, so it
 * gets a hash-free name; the emitted file still has its content hash.
 */
function entryFilename(pathData) {
  const hash = pathData.chunk && pathData.chunk.contentHash && pathData.chunk.contentHash.javascript;
  return hash ? '[name].[contenthash:8].js' : '[name].js';
}

/** Serves /config/remotes.json in development (the gateway serves it otherwise). */
function devRemotesConfig() {
  const host = process.env.REMOTES_HOST || 'http://localhost';
  return {
    remotes: ['accounting', 'hr', 'sector'].map((name) => ({
      name,
      entry: process.env[`REMOTE_${name.toUpperCase()}_ENTRY`] || `${host}:${APPS[name].port}/remoteEntry.js`,
    })),
  };
}

/**
 * @param {{ app: 'shell'|'accounting'|'hr'|'sector', dir: string, exposes?: Record<string,string> }} options
 * @param {Record<string, unknown>} _env webpack-cli `--env`
 * @param {{ mode?: string }} argv webpack-cli arguments
 */
function createWebpackConfig({ app, dir, exposes }, _env = {}, argv = {}) {
  const mode = argv.mode || process.env.NODE_ENV || 'production';
  const development = mode === 'development';
  const isHost = app === 'shell';
  const port = Number(process.env[`${app.toUpperCase()}_PORT`]) || APPS[app].port;
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));

  const plugins = [
    new ModuleFederationPlugin({
      name: isHost ? 'shell' : app,
      ...(isHost ? {} : { filename: 'remoteEntry.js', exposes }),
      // Remotes are registered at run time from /config/remotes.json (registerRemotes).
      remotes: {},
      shared: sharedModules(),
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: false,
      // asyncStartup belongs HERE, in the federation plugin's own experiments:
      // in webpack's top-level `experiments` it is ignored and the page is blank (RUNTIME-006).
      // The snapshot plugin serves manifest-based remotes; ours are remoteEntry.js files.
      experiments: { asyncStartup: true, optimization: { disableSnapshot: true, target: 'web' } },
    }),
  ];
  if (isHost) {
    const HtmlWebpackPlugin = require('html-webpack-plugin');
    plugins.push(
      new HtmlWebpackPlugin({
        template: path.join(dir, 'public/index.html'),
        scriptLoading: 'defer',
        inject: 'head',
      }),
      new ChunkGraphPlugin(),
    );
  }

  return {
    name: app,
    mode,
    context: dir,
    target: 'web',
    entry: isHost ? { main: './src/index.tsx' } : {},
    devtool: development ? 'eval-cheap-module-source-map' : false,
    output: {
      path: path.join(dir, 'dist'),
      publicPath: isHost ? '/' : 'auto',
      filename: development ? '[name].js' : entryFilename,
      chunkFilename: development ? '[name].js' : '[name].[contenthash:8].js',
      uniqueName: pkg.name,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
      // @xaalis/contracts resolves to its TypeScript sources (package.json exports).
      conditionNames: ['xaalis-source', '...'],
      alias: { 'xaalis-react-router-impl$': reactRouterImpl(mode), 'xaalis-mui-styles-impl$': muiStylesImpl() },
      // One copy of each dependency, from the root node_modules first.
      modules: ['node_modules', path.join(ROOT, 'node_modules')],
    },
    module: {
      rules: [swcRule(/\.ts$/, false, development), swcRule(/\.tsx$/, true, development)],
    },
    optimization: {
      minimizer: minimizer(),
      // Remotes: a shared runtime is created by the federation plugin per container.
      moduleIds: 'deterministic',
      // Small shared pieces (reselect, emotion utils...) are needed by several shared
      // modules: split them out instead of duplicating them in each async chunk.
      splitChunks: {
        chunks: 'async',
        minSize: 5000,
        // A shared MUI component pulls its internals (TablePagination: TableCell, Toolbar,
        // MenuItem...) that other shared components also provide; the default cap of 30
        // requests per load left them inside its chunk, shipped twice.
        maxAsyncRequests: 100,
        cacheGroups: {
          // MUI's and emotion's foundations (theme, styled, sx, utils): one chunk that
          // every component's provider shares, instead of copies of small modules in each.
          muiCore: {
            test: /[\\/]node_modules[\\/](@mui[\\/](system|utils|styled-engine|private-theming)|@mui[\\/]material[\\/](styles|utils|zero-styled|className|DefaultPropsProvider)|@emotion|stylis|clsx|react-is|prop-types|@babel[\\/]runtime|hoist-non-react-statics)[\\/]/,
            name: 'mui-core',
            minChunks: 2,
            minSize: 0,
            priority: -5,
            reuseExistingChunk: true,
          },
          // Component internals two providers use (ButtonBase, InputBase...): split out
          // whatever their size, so that no module is shipped twice.
          muiShared: {
            test: /[\\/]node_modules[\\/]@mui[\\/]/,
            minChunks: 2,
            minSize: 0,
            priority: -10,
            reuseExistingChunk: true,
          },
          // The same for our packages: the sign-in page imports a few web-kit and
          // contracts modules by path (fields, messages) that the shared packages hold too.
          xaalisShared: {
            test: /[\\/]packages[\\/](web-kit|contracts)[\\/]src[\\/]/,
            minChunks: 2,
            minSize: 0,
            priority: -15,
            reuseExistingChunk: true,
          },
          // Anything else two async chunks both carry (a page and a dialog importing the same
          // small module, or a page imported both lazily and by another page): its own chunk.
          sharedModules: {
            minChunks: 2,
            minSize: 0,
            priority: -20,
            reuseExistingChunk: true,
          },
        },
      },
      chunkIds: 'deterministic',
    },
    performance: { hints: false },
    // The `@mui/material/` share entry leaves out `locale` on purpose (pure data; see
    // federation.js): the plugin warns about any exclusion on a singleton.
    ignoreWarnings: [/"singleton: true" is used together with "exclude\.request: \/\^\(locale\|styles\)\$\/"/],
    cache: development ? { type: 'memory' } : false,
    stats: 'errors-warnings',
    infrastructureLogging: { level: 'warn' },
    plugins,
    devServer: {
      port,
      hot: true,
      allowedHosts: 'all',
      headers: isHost ? {} : { 'Access-Control-Allow-Origin': '*' },
      historyApiFallback: isHost,
      static: false,
      client: { overlay: { warnings: false, errors: true } },
      ...(isHost
        ? {
            setupMiddlewares(middlewares, devServer) {
              devServer.app.get('/config/remotes.json', (_req, res) => res.json(devRemotesConfig()));
              return middlewares;
            },
            proxy: [{ context: ['/api'], target: process.env.GATEWAY_URL || 'http://localhost:8080', changeOrigin: false }],
          }
        : {}),
    },
  };
}

module.exports = { createWebpackConfig };
