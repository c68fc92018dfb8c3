export { groupChoice, groupIdOf, groupListApi, useGetGroupsQuery, type Group } from './groups-api';
export { GroupSelectInput } from './GroupSelectInput';
