import { ContactMessage } from './ContactMessage';
import { IssueReport } from './IssueReport';
import { Session } from './Session';

/** Every entity the DataSource knows; listed explicitly so no glob decides what is loaded. */
export const entities = [Session, ContactMessage, IssueReport];

export { ContactMessage, IssueReport, Session };
