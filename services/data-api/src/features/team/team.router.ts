import express, { type Router } from 'express';
import { NotFoundError } from '@meridian/domain';
import { principalOf } from '../../auth/principal';
import type { components } from '../../generated/openapi';
import { linkableConnectors, toLinkProviderDetailed } from '../link/link-providers';
import type { UnitOfWork } from '../unit-of-work';
import { wireDateTime } from '../users/users.presenter';
import { teamEnvLinkSettings } from './team-env-settings';

/** `/v2/team/*`: the key's own team, read from its environment. Another team is 404, never 403. */

type TeamLinkConfig = components['schemas']['TeamLinkConfig'];
type DataApiTeam = components['schemas']['DataApiTeam'];

const TEAM_NOT_FOUND = 'No team with this id is reachable with this key.';

export function createTeamRouter(deps: { uow: UnitOfWork<'teams'> }): Router {
  const findTeam = (teamId: string) => deps.uow.read(({ teams }) => teams.findById(teamId));
  const router = express.Router();

  router.get('/v2/team/link/config', async (_req, res) => {
    const principal = principalOf(res);
    const team = await findTeam(principal.teamId);
    if (!team) throw new NotFoundError(TEAM_NOT_FOUND);
    const settings = teamEnvLinkSettings(team.settings, principal.environment);
    const body: TeamLinkConfig = {
      team_id: team.id,
      name: team.name,
      environment: principal.environment,
      brand_information: settings.brandInformation,
      logo_url: settings.logoUrl,
      providers: linkableConnectors().map(toLinkProviderDetailed),
      redirect_hosts: settings.allowedRedirectHosts,
      reject_duplicate_connection: settings.rejectDuplicateConnection,
    };
    res.json(body);
  });

  router.get('/v2/team/:team_id', async (req, res) => {
    const principal = principalOf(res);
    if (req.params.team_id !== principal.teamId) throw new NotFoundError(TEAM_NOT_FOUND);
    const team = await findTeam(principal.teamId);
    if (!team) throw new NotFoundError(TEAM_NOT_FOUND);
    const settings = teamEnvLinkSettings(team.settings, principal.environment);
    const body: DataApiTeam = {
      id: team.id,
      name: team.name,
      region: team.region,
      environment: principal.environment,
      created_on: wireDateTime(team.createdOn),
      integration_team_id: team.integrationTeamId,
      brand_information: settings.brandInformation,
      logo_url: settings.logoUrl,
      org_id: team.orgId,
      testkits_texts_enabled: settings.labTestsPatientSms,
      lab_tests_patient_communication_enabled: settings.labTestsPatientSms || settings.labTestsPatientEmail,
      lab_tests_patient_sms_communication_enabled: settings.labTestsPatientSms,
      lab_tests_patient_email_communication_enabled: settings.labTestsPatientEmail,
      critical_result_notification_email: settings.criticalResultNotificationEmail,
      delegated_flow: 'order_and_results_with_customer_physician_network',
    };
    res.json(body);
  });

  return router;
}
