/** GET /api/users: the users of the session's company, to show who did what (ids → names). */
export interface CompanyUser {
  id: string;
  /** "Prénom Nom", or the username when both are empty. */
  name: string;
}
