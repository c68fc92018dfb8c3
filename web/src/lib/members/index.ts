export { memberListApi, memberName, useGetMembersQuery, type Member } from './members-api';
