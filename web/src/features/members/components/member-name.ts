import type { Member } from '../api/members-api';

/** First and last name, else the e-mail address. */
export const memberName = (member: Member) => [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email;
