// Public face of the portfolio: cross-company reads for the gateway (issue 16).
export { portfolioInternal, parseCompanyIds, MESSAGES_PORTFOLIO } from './internal';
export { PORTFOLIO_SQL, portfolioService, type PortfolioService } from './service';
