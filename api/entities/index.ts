import { ContactMessage } from './ContactMessage';
import { IssueReport } from './IssueReport';
import { Session } from './Session';
import { User } from './User';

/** Every entity the DataSource knows; listed explicitly so no glob decides what is loaded. */
export const entities = [Session, User, ContactMessage, IssueReport];

export { ContactMessage, IssueReport, Session, User };
