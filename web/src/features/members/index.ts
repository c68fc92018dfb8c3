export { MembersPage } from './components/MembersPage';
export { AcceptInvitationPage } from './components/AcceptInvitationPage';
