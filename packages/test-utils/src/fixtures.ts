/** Test fixtures: the same tenancy bootstrap the CLI uses, under the names tests read best. */
export {
  createOrgWithKey as seedOrg,
  createManagementKeyRecord as seedManagementKey,
  createTeamWithKeys as seedTeam,
  type BootstrappedOrg as SeededOrg,
  type BootstrappedTeam as SeededTeam,
} from '@meridian/db';
