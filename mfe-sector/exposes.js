// The modules this remote exposes: one per page, tab or banner of APP_ROUTES owned by the 'sector' remote
// (packages/contracts/src/navigation.ts). A test checks both agree.
module.exports = {
  './Restaurant': './src/features/restaurant/RestaurantPage.tsx',
  './Production': './src/features/production/ProductionPage.tsx',
  './Hotel': './src/features/hotel/HotelPage.tsx',
  './Projects': './src/features/projects/ProjectsPage.tsx',
  './ModulesSettings': './src/features/modules/ModulesSettingsTab.tsx',
};
