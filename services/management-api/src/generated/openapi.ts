/* eslint-disable */
// Generated from openapi.yaml by `pnpm openapi:types`. Do not edit.

export type paths = {
    "/v1/org/{org_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        /** Get the organization */
        get: operations["getOrg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename the organization */
        patch: operations["updateOrg"];
        trace?: never;
    };
    "/v1/org/{org_id}/team": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        /**
         * List teams
         * @description Teams ordered by creation time, 50 per page. An Org Management Key sees every team of the
         *     organization; a Team Management Key sees only its bound teams (filtered, no error).
         */
        get: operations["listTeams"];
        put?: never;
        /**
         * Create a team (spec Create Team)
         * @description The flags, `critical_result_notification_email`, `brand_information` and `logo_url` set both the
         *     production and the sandbox environment of the new team; missing flags take their defaults.
         */
        post: operations["createTeam"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        /** Get a team */
        get: operations["getTeam"];
        put?: never;
        post?: never;
        /** Delete a team (Org Management Key only) */
        delete: operations["deleteTeam"];
        options?: never;
        head?: never;
        /** Update a team and its per-environment settings and brand information (spec Update Team) */
        patch: operations["updateTeam"];
        trace?: never;
    };
    "/v1/org/{org_id}/resolve_team": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Find a team by its integration_team_id */
        post: operations["resolveTeam"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/member": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        /** List organization members */
        get: operations["listMembers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/member/{member_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                member_id: components["parameters"]["MemberId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member from the organization (spec) */
        delete: operations["deleteMember"];
        options?: never;
        head?: never;
        /** Change a member's role and team bindings */
        patch: operations["updateMember"];
        trace?: never;
    };
    "/v1/org/{org_id}/invite": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        /** List pending invites */
        get: operations["listInvites"];
        put?: never;
        /** Invite someone to the organization */
        post: operations["createInvite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/invite/{invite_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                invite_id: components["parameters"]["InviteId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Withdraw an invite */
        delete: operations["deleteInvite"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/management_key": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        /** List management keys */
        get: operations["listManagementKeys"];
        put?: never;
        /**
         * Create a management key (spec Create Management Key)
         * @description `role: org_admin` makes an Org Management Key (no bindings); `role: team_admin` makes a Team Management
         *     Key bound to one or more teams of the organization (the only way to bind a key to two or more teams).
         */
        post: operations["createManagementKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/management_key/{key_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                key_id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a management key */
        delete: operations["revokeManagementKey"];
        options?: never;
        head?: never;
        /** Relabel a management key or change its team bindings */
        patch: operations["updateManagementKey"];
        trace?: never;
    };
    "/v1/org/{org_id}/team_api_keys/{env}/{region}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        /** List team API keys of one environment and region */
        get: operations["listTeamApiKeys"];
        put?: never;
        /** Create a team API key for one environment and region */
        post: operations["createTeamApiKey"];
        /** Revoke team API keys */
        delete: operations["revokeTeamApiKeys"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/audit_events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        /** List the audit trail of the organization (who read or changed which user's data, keys, settings) */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/continuous_query": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["ContinuousQueryEnvironment"];
            };
            cookie?: never;
        };
        /** List the continuous queries of a team environment */
        get: operations["listContinuousQueries"];
        put?: never;
        /** Create a continuous query */
        post: operations["createContinuousQuery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/validate_continuous_query": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["ContinuousQueryEnvironment"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Validate a continuous query without creating it */
        post: operations["validateContinuousQuery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/continuous_query/{query_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["ContinuousQueryEnvironment"];
                query_id: components["parameters"]["ContinuousQueryId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Archive a continuous query */
        delete: operations["archiveContinuousQuery"];
        options?: never;
        head?: never;
        /** Change a continuous query's title or scheduling */
        patch: operations["updateContinuousQuery"];
        trace?: never;
    };
    "/v1/org/{org_id}/prepare_team_custom_credentials/{env}/{region}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What to register at the provider before setting a team's own app
         * @description For an OAuth provider, `preparations_required` with the steps to do in the provider's developer
         *     console: a `redirect_uri` step (the data API's OAuth callback, `<data API public URL>/v2/link/oauth/callback`)
         *     and, when the provider calls Meridian with webhooks, a `webhook_uri` step
         *     (`<data API public URL>/v2/provider_webhooks/<provider>/teams/<team_id>`). Other providers, labs and
         *     partners need nothing: `no_action_needed` with `preparation_steps: null`.
         */
        post: operations["prepareTeamCustomCredentials"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team_custom_credentials/{env}/{region}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        /**
         * List team custom credentials of one environment and region
         * @description The client secret is never returned: `client_secret_hash` is its SHA-256 (lowercase hex), the same for
         *     the same secret, so a secret can be compared with what is stored. Secret fields of `details` (Fitbit
         *     `fitbit.*_verify_token`, Polar `webhook_secret`, getlabs `webhook_secret_key` and
         *     `webhook_secret_token`, phlebfinders `webhook_token`, Oura `verification_token`, Strava `verify_token`)
         *     come back redacted: `***` followed by the last four characters when the value has at least 16
         *     characters, else `***`. Other `details` fields come back as stored.
         */
        get: operations["listTeamCustomCredentials"];
        put?: never;
        /**
         * Create or update a team's credential for a provider
         * @description One credential per team, environment and provider: the first call creates it, later calls update it
         *     (same `id`, `created_at` kept). Keys left out keep their stored value; `null` clears one. `client_secret`
         *     and `details` are stored encrypted (AES-256-GCM) and never returned in clear; the response carries
         *     `client_secret_hash` (SHA-256, hex) and `details` with its secret fields redacted (see the list).
         *     Sending back a redacted value exactly as returned keeps the stored secret.
         *
         *     `details` must follow the provider's variant: fitbit `{fitbit: {is_hr_enabled?, workout_verify_token,
         *     sleep_verify_token, body_verify_token, foods_verify_token?}}`; google_fit `{redirect_uri (https URL),
         *     data_scopes: string[]}`; google_health `{project_number, service_account_email (e-mail)}`; polar
         *     `{webhook_secret}`; getlabs `{getlabs: {webhook_secret_key, webhook_secret_token}}`; phlebfinders
         *     `{phlebfinders: {account_id, account_name, team_id, team_name, webhook_token, email}}`;
         *     my_fitness_pal_v2 `{client}`. Values are non-empty strings (at most 2048 characters) unless stated;
         *     unknown keys are ignored and not stored. Other providers take no `details`.
         */
        post: operations["setTeamCustomCredentials"];
        /** Delete team custom credentials */
        delete: operations["deleteTeamCustomCredentials"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team_data_pull_preferences/{env}/{region}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        /**
         * List data-pull preferences of one environment and region
         * @description A preference says, for one team environment and provider, whether resources are pulled by default
         *     (`default`) and the exceptions per resource (`resource_overrides`, null when none). A provider without
         *     a preference is pulled in full.
         */
        get: operations["listDataPullPreferences"];
        put?: never;
        /**
         * Set data-pull preferences of teams in one environment
         * @description Writes each provider's preference to every team of `team_ids` in `{env}`: a team's preference for a
         *     provider named here is replaced (`resource_overrides` left out or null = none); its preferences for
         *     other providers are kept. Answers the written preferences, team by team in `team_ids` order and
         *     providers in body order, with `next_cursor: null`.
         */
        post: operations["upsertDataPullPreferences"];
        /** Remove data-pull preferences of teams in one environment */
        delete: operations["deleteDataPullPreferences"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team_etl_pipelines/{env}/{region}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        /**
         * List the ETL pipelines of one environment and region
         * @description A pipeline belongs to one team and one environment (`{env}`). Only teams of the organization whose
         *     region is `{region}` are listed. Secrets are never returned: `azure_amqp.connection_string` comes back
         *     redacted (`Endpoint=sb://<host>/;SharedAccessKeyName=<name>;SharedAccessKey=***`, plus `EntityPath` and
         *     `UseDevelopmentEmulator` when set) and the password of `rabbitmq.uri` is `***`.
         */
        get: operations["listEtlPipelines"];
        put?: never;
        /**
         * Create or replace the ETL pipelines of teams in one environment
         * @description Writes the same pipeline configuration to each team of `team_ids` in `{env}`: the body is the whole
         *     pipeline (omitted keys take their defaults, so an upsert replaces the previous configuration, secrets
         *     included). Answers 200 with the stored pipelines, in `team_ids` order, secrets redacted.
         *
         *     Delivery (api-shapes §7.4): events whose type starts with one of `event_type_prefixes` (null = all)
         *     go to the enabled destinations. For `azure_amqp`, the first `event_hub_matchers` entry whose
         *     `event_type_prefix` prefixes the event type names the hub, otherwise `default_event_hub`;
         *     `compression: auto` (default) sends bodies under 1 KiB uncompressed and gzips larger ones, `always`
         *     gzips every body.
         *     `push_historical_data: true` also delivers historical pulls as `daily.data.*` events;
         *     `provider_raw_data` is reserved (stored, no effect).
         */
        post: operations["upsertEtlPipelines"];
        /** Remove ETL pipelines of one environment */
        delete: operations["deleteEtlPipelines"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/lab_report_review": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["LabReportReviewEnvironment"];
            };
            cookie?: never;
        };
        /** List the parsing jobs of a team environment awaiting human review */
        get: operations["listLabReportReviews"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/lab_report_review/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["LabReportReviewEnvironment"];
                job_id: components["parameters"]["LabReportReviewJobId"];
            };
            cookie?: never;
        };
        /** Read a parsing job with its parsed report and its pages */
        get: operations["getLabReportReview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/lab_report_review/{job_id}/page/{page_number}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["LabReportReviewEnvironment"];
                job_id: components["parameters"]["LabReportReviewJobId"];
                /** @description 1-based page number (see `pages` of the job). */
                page_number: number;
            };
            cookie?: never;
        };
        /** One page of the uploaded report as an image */
        get: operations["getLabReportReviewPage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/lab_report_review/{job_id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["LabReportReviewEnvironment"];
                job_id: components["parameters"]["LabReportReviewJobId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Submit the reviewed report and complete the job */
        post: operations["completeLabReportReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/lab_report_review/{job_id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["LabReportReviewEnvironment"];
                job_id: components["parameters"]["LabReportReviewJobId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Reject the report and fail the job */
        post: operations["rejectLabReportReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/link_settings": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["schemas"]["Environment"];
            };
            cookie?: never;
        };
        /** Get the link widget settings of a team environment */
        get: operations["getLinkSettings"];
        /** Replace the link widget settings of a team environment */
        put: operations["putLinkSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/rate_limit": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        /** Get the request limit of a team's API keys */
        get: operations["getTeamRateLimit"];
        /** Set the request limit of a team's API keys */
        put: operations["putTeamRateLimit"];
        post?: never;
        /** Return a team's API keys to the default request limit */
        delete: operations["deleteTeamRateLimit"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/scope_requirements": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        /**
         * List a team's scope requirements
         * @description One entry per provider with requirements, ordered by provider slug. A connection that lacks a
         *     `user_must_grant` scope fails with `required_scopes_not_granted`; `user_may_grant` scopes are asked for
         *     and the connection works without them. Requirements apply to both environments of the team.
         */
        get: operations["listScopeRequirements"];
        put?: never;
        /**
         * Set a team's scope requirements
         * @description The body maps OAuth provider slugs to `{user_must_grant, user_may_grant}`. Each named provider's
         *     requirement is replaced; providers left out keep theirs; two empty lists remove a provider's
         *     requirement. Answers all of the team's requirements after the change, like GET.
         */
        post: operations["setScopeRequirements"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/webhook": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
            };
            cookie?: never;
        };
        /** List the webhooks of a team environment */
        get: operations["listWebhooks"];
        put?: never;
        /** Create a webhook */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        /** Get a webhook */
        get: operations["getWebhook"];
        put?: never;
        post?: never;
        /** Delete a webhook */
        delete: operations["deleteWebhook"];
        options?: never;
        head?: never;
        /** Change a webhook */
        patch: operations["updateWebhook"];
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}/headers": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        /** Get the custom headers sent with every delivery */
        get: operations["getWebhookHeaders"];
        /** Replace the custom headers */
        put: operations["replaceWebhookHeaders"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}/secret": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        /** Get the current signing secret */
        get: operations["getWebhookSecret"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}/secret/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate the signing secret */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}/message": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        /** List the deliveries (messages) of a webhook */
        get: operations["listWebhookMessages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}/message/{message_id}/attempt": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
                /** @description Message id, the `webhook-id` header of its deliveries. */
                message_id: components["parameters"]["WebhookMessageId"];
            };
            cookie?: never;
        };
        /** List the delivery attempts of a message */
        get: operations["listWebhookMessageAttempts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}/message/{message_id}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
                /** @description Message id, the `webhook-id` header of its deliveries. */
                message_id: components["parameters"]["WebhookMessageId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deliver a message again */
        post: operations["resendWebhookMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/org/{org_id}/team/{team_id}/{environment}/webhook/{webhook_id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deliver again every failed message since a time */
        post: operations["recoverWebhookMessages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        ErrorEnvelope: {
            detail: {
                error_type: string;
                error_message: string;
            } & {
                [key: string]: unknown;
            };
        };
        InternalErrorEnvelope: {
            detail: {
                /** @enum {string} */
                error_type: "internal_error";
                error_message: string;
                request_id: string | null;
            };
        };
        ValidationItem: {
            loc: string[];
            msg: string;
            type: string;
            input: unknown;
            ctx: {
                [key: string]: unknown;
            };
        };
        ValidationErrorBody: {
            detail: components["schemas"]["ValidationItem"][];
        };
        /** @enum {string} */
        Environment: "production" | "sandbox";
        /** @enum {string} */
        Region: "us" | "eu";
        /**
         * @description `org_admin` = Org Management Key, `team_admin` = Team Management Key.
         * @enum {string}
         */
        ManagementRole: "org_admin" | "team_admin";
        /** @enum {string} */
        MemberRole: "org_admin" | "team_admin" | "no_role";
        Success: {
            /** @enum {boolean} */
            success: true;
        };
        UpdateOrg: {
            name: string;
        };
        TeamRoleBindingInput: {
            /** Format: uuid */
            team_id: string;
        };
        /** @description Brand shown by the hosted link widget, lab-testing user communications and the hosted appointment booking page. */
        BrandInformationInput: {
            company_name: string;
            /** @description Default empty string. */
            company_website?: string;
            support_email?: string | null;
            support_contact?: string | null;
            company_address?: string | null;
            brand_color?: string | null;
        };
        /** @description Fields merge over the stored brand information; null removes it. */
        BrandInformationPatch: {
            company_name?: string;
            company_website?: string;
            support_email?: string | null;
            support_contact?: string | null;
            company_address?: string | null;
            brand_color?: string | null;
        } | null;
        CreateTeam: {
            name: string;
            region: components["schemas"]["Region"];
            /** Format: uuid */
            id?: string | null;
            integration_team_id?: string | null;
            /** @description Default true. */
            lab_tests_patient_sms_communication_enabled?: boolean;
            /** @description Default true. */
            lab_tests_patient_email_communication_enabled?: boolean;
            /** Format: email */
            critical_result_notification_email?: string | null;
            brand_information?: components["schemas"]["BrandInformationInput"];
            /** Format: uri */
            logo_url?: string | null;
            /** @description Default false. */
            reject_duplicate_connection?: boolean;
            /** @description Default false. */
            sdk_per_device_activity_timeseries?: boolean;
            /** @description Default false. */
            partial_webhooks_enabled?: boolean;
            /** @description Default false. */
            minor_ordering_enabled?: boolean;
            /** @description Days the raw uploaded files of a lab report parsing job are kept after parsing (and human review, when there is one) ends: 0 deletes them at once, at most 30. The parsed results and the job stay either way. Default 0. */
            lab_report_upload_retention_days?: number;
        };
        /** @description Settings of one environment; keys left out are unchanged. */
        EnvSettingsPatch: {
            lab_tests_patient_sms_communication_enabled?: boolean;
            lab_tests_patient_email_communication_enabled?: boolean;
            /** Format: email */
            critical_result_notification_email?: string | null;
            reject_duplicate_connection?: boolean;
            sdk_per_device_activity_timeseries?: boolean;
            partial_webhooks_enabled?: boolean;
            minor_ordering_enabled?: boolean;
            /** @description Days raw lab report uploads are kept after parsing (and human review, when there is one) ends; 0 deletes them at once. Applies to jobs that end after the change. */
            lab_report_upload_retention_days?: number;
            patient_experience?: {
                [key: string]: unknown;
            } | null;
            brand_information?: components["schemas"]["BrandInformationPatch"];
            /** Format: uri */
            logo_url?: string | null;
        };
        UpdateTeam: {
            name?: string;
            integration_team_id?: string | null;
            sandbox?: components["schemas"]["EnvSettingsPatch"];
            production?: components["schemas"]["EnvSettingsPatch"];
        };
        ResolveTeam: {
            integration_team_id: string;
        };
        UpdateMember: {
            /** @enum {string|null} */
            role: "org_admin" | "team_admin" | "no_role" | null;
            team_role_bindings: components["schemas"]["TeamRoleBindingInput"][] | null;
        };
        CreateInvite: {
            /** Format: email */
            email: string;
            role?: components["schemas"]["MemberRole"];
            team_role_bindings?: components["schemas"]["TeamRoleBindingInput"][] | null;
        };
        CreateManagementKey: {
            label: string;
            role: components["schemas"]["ManagementRole"];
            team_role_bindings?: components["schemas"]["TeamRoleBindingInput"][] | null;
        };
        UpdateManagementKey: {
            label?: string;
            team_role_bindings?: components["schemas"]["TeamRoleBindingInput"][] | null;
        };
        CreateTeamApiKey: {
            label: string;
            /** Format: uuid */
            team_id: string;
        };
        Org: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: date-time */
            expires_at: string | null;
        };
        TeamListItem: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: date-time */
            created_on: string;
            region: components["schemas"]["Region"];
            integration_team_id: string | null;
        };
        TeamList: {
            teams: components["schemas"]["TeamListItem"][];
            next_cursor: string | null;
        };
        BrandInformation: {
            company_name: string;
            company_website: string;
            support_email: string | null;
            support_contact: string | null;
            company_address: string | null;
            brand_color: string | null;
        } | null;
        /** @description Settings of one environment (`patient_experience` is returned so that what PATCH stores can be read back). */
        TeamEnv: {
            lab_tests_patient_sms_communication_enabled: boolean;
            lab_tests_patient_email_communication_enabled: boolean;
            critical_result_notification_email: string | null;
            reject_duplicate_connection: boolean;
            sdk_per_device_activity_timeseries: boolean;
            partial_webhooks_enabled: boolean;
            minor_ordering_enabled: boolean;
            /** @description Days raw lab report uploads are kept after parsing ends (0 = deleted at once). */
            lab_report_upload_retention_days: number;
            patient_experience: {
                [key: string]: unknown;
            } | null;
            brand_information: components["schemas"]["BrandInformation"];
            logo_url: string | null;
        } | null;
        OrgTeam: {
            /** Format: uuid */
            id: string;
            name: string;
            /** Format: date-time */
            created_on: string;
            region: components["schemas"]["Region"];
            integration_team_id: string | null;
            environments: components["schemas"]["Environment"][];
            sandbox: components["schemas"]["TeamEnv"];
            production: components["schemas"]["TeamEnv"];
        };
        TeamRoleBinding: {
            /** Format: uuid */
            team_id: string;
        };
        /** @description Bound teams; null when the role binds none. */
        TeamRoleBindings: components["schemas"]["TeamRoleBinding"][] | null;
        OrgMember: {
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            /** Format: date-time */
            created_on: string;
            role: components["schemas"]["MemberRole"];
            team_role_bindings: components["schemas"]["TeamRoleBindings"];
        };
        MemberList: {
            members: components["schemas"]["OrgMember"][];
            next_cursor: string | null;
        };
        CreatorOrgMember: {
            /** @enum {string} */
            type: "org_member";
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            avatar: string | null;
        };
        CreatorRemovedOrgMember: {
            /** @enum {string} */
            type: "removed_org_member";
            /** Format: uuid */
            id: string | null;
        };
        CreatorMeridianStaff: {
            /** @enum {string} */
            type: "meridian_staff";
        };
        CreatorManagementKey: {
            /** @enum {string} */
            type: "management_key";
        };
        /** @description Who created the record, tagged on `type`. */
        Creator: components["schemas"]["CreatorOrgMember"] | components["schemas"]["CreatorRemovedOrgMember"] | components["schemas"]["CreatorMeridianStaff"] | components["schemas"]["CreatorManagementKey"];
        Invite: {
            /** Format: uuid */
            id: string;
            email: string;
            /** Format: date-time */
            invited_at: string;
            /** Format: date-time */
            resent_at: string | null;
            creator: components["schemas"]["Creator"];
            role: components["schemas"]["MemberRole"];
            team_role_bindings: components["schemas"]["TeamRoleBindings"];
        };
        InviteList: {
            invites: components["schemas"]["Invite"][];
            next_cursor: string | null;
        };
        InviteResult: {
            /** @enum {string} */
            status: "invite_created" | "invite_resent" | "already_in_org";
        };
        ManagementKey: {
            /** Format: uuid */
            id: string;
            label: string;
            /** Format: date-time */
            created_at: string;
            creator: components["schemas"]["Creator"];
            role: components["schemas"]["ManagementRole"];
            team_role_bindings: components["schemas"]["TeamRoleBindings"];
        };
        /** @description `ManagementKey` plus `key`, the management key itself (shown once). */
        CreatedManagementKey: {
            /** Format: uuid */
            id: string;
            label: string;
            /** Format: date-time */
            created_at: string;
            creator: components["schemas"]["Creator"];
            role: components["schemas"]["ManagementRole"];
            team_role_bindings: components["schemas"]["TeamRoleBindings"];
            key: string;
        };
        ManagementKeyList: {
            data: components["schemas"]["ManagementKey"][];
            next_cursor: string | null;
        };
        TeamApiKey: {
            /** Format: uuid */
            id: string;
            label: string;
            /** @description The full key in the create response; the masked key (prefix and last four characters) everywhere else. */
            value: string;
            /** Format: uuid */
            team_id: string;
            /** Format: date-time */
            created_at: string;
        };
        TeamApiKeyList: {
            api_keys: components["schemas"]["TeamApiKey"][];
            next_cursor: string | null;
        };
        TeamApiKeyRevocation: {
            success: string[];
            failure: string[];
            not_found: string[];
        };
        AuditEvent: {
            /** Format: uuid */
            id: string;
            /**
             * Format: date-time
             * @description When the call arrived.
             */
            occurred_at: string;
            /** @enum {string} */
            actor_kind: "team_api_key" | "management_key" | "link_token" | "device_session" | "system";
            /**
             * Format: uuid
             * @description Id of the team API key, management key, link token or mobile-SDK device session (never the key or token).
             */
            key_id: string | null;
            /** Format: uuid */
            team_id: string | null;
            /** @enum {string|null} */
            environment: "production" | "sandbox" | null;
            /**
             * Format: uuid
             * @description The Meridian user the call concerned; null when it was not about one user.
             */
            user_id: string | null;
            /** @description The OpenAPI operationId. */
            operation: string;
            /** @enum {string} */
            action: "read" | "create" | "update" | "delete";
            method: string;
            /** @description The OpenAPI path template, e.g. `/v2/user/{user_id}` (never values or a query string). */
            route: string;
            /**
             * Format: uuid
             * @description The other resource named by id in the path (a lab report job, a key, a webhook...).
             */
            resource_id: string | null;
            status: number;
            client_address: string | null;
            request_id: string | null;
        };
        AuditEventList: {
            audit_events: components["schemas"]["AuditEvent"][];
            next_cursor: string | null;
        };
        /** @description A §5 `Query` (`select`, `group_by`, `where`, `align`). Validated by the query language, not by this schema: every broken rule is a 422 item located inside `query`. */
        ContinuousQueryDefinition: Record<string, never>;
        QueryConfigInput: {
            provider_priority_overrides?: string[] | null;
        } | null;
        SchedulingPreferencesInput: {
            /** @description Least seconds between two runs for one user; null = no minimum. */
            minimum_gap_duration_second?: number | null;
        } | null;
        ExportPreferencesInput: {
            data_events?: {
                /** @description Default true. */
                enabled?: boolean;
            } | null;
            /** @description Default false. True: each run builds FHIR R4 Observations from the result table through the query's `fhir_observation_mappers` (none when it has none). */
            fhir_observations?: boolean;
        } | null;
        CreateContinuousQuery: {
            /** @description 1–128 of `[a-z0-9-]`, no `--`, no leading or trailing `-`. */
            slug: string;
            /** @description 0–50 letters (accented Latin included), digits, `( ) & _ - .` or whitespace. */
            title: string;
            query: components["schemas"]["ContinuousQueryDefinition"];
            query_config?: components["schemas"]["QueryConfigInput"];
            scheduling_preferences?: components["schemas"]["SchedulingPreferencesInput"];
            export_preferences?: components["schemas"]["ExportPreferencesInput"];
        };
        PatchContinuousQuery: {
            title?: string | null;
            scheduling_preferences?: components["schemas"]["SchedulingPreferencesInput"];
        };
        /** @description Output column → type name. */
        ResultTableSchema: {
            [key: string]: "string" | "int64" | "float64" | "bool" | "date" | "datetime" | "list<string>";
        };
        ContinuousQuery: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "active" | "archived";
            slug: string;
            title: string;
            /** Format: uuid */
            team_id: string | null;
            /** @description The canonical form of the §5 query. */
            query: Record<string, never>;
            query_config: {
                provider_priority_overrides: string[] | null;
            } | null;
            scheduling_preferences: {
                minimum_gap_duration_second: number | null;
            };
            export_preferences: {
                data_events: {
                    enabled: boolean;
                };
                fhir_observations: boolean;
            };
            result_table_schema: components["schemas"]["ResultTableSchema"];
            resource_dependencies: components["schemas"]["ContinuousQueryResource"][];
            fhir_observation_mappers: ("vital-signs#29463-7#meridian-body-weight-1" | "vital-signs#8867-4#meridian-heart-rate-1" | "vital-signs#9279-1#meridian-respiration-rate-1")[];
        };
        /**
         * @description A resource the query reads (the spec's resource list; 68 values).
         * @enum {string}
         */
        ContinuousQueryResource: "profile" | "activity" | "sleep" | "body" | "workouts" | "workout_stream" | "connection" | "order" | "result" | "appointment" | "glucose" | "heartrate" | "hrv" | "ige" | "igg" | "blood_oxygen" | "blood_pressure" | "cholesterol" | "device" | "device_legacy" | "weight" | "fat" | "body_temperature" | "body_temperature_delta" | "meal" | "water" | "caffeine" | "mindfulness_minutes" | "steps" | "calories_active" | "distance" | "floors_climbed" | "respiratory_rate" | "vo2_max" | "calories_basal" | "stress_level" | "menstrual_cycle" | "sleep_cycle" | "electrocardiogram" | "electrocardiogram_voltage" | "afib_burden" | "heart_rate_alert" | "stand_hour" | "stand_duration" | "sleep_apnea_alert" | "sleep_breathing_disturbance" | "wheelchair_push" | "forced_expiratory_volume_1" | "forced_vital_capacity" | "peak_expiratory_flow_rate" | "inhaler_usage" | "fall" | "uv_exposure" | "daylight_exposure" | "handwashing" | "basal_body_temperature" | "heart_rate_recovery_one_minute" | "body_mass_index" | "lean_body_mass" | "waist_circumference" | "workout_distance" | "workout_swimming_stroke" | "workout_duration" | "insulin_injection" | "carbohydrates" | "note" | "sleep_stream" | "hypnogram";
        ContinuousQueryList: {
            data: components["schemas"]["ContinuousQuery"][];
            next_cursor: string | null;
        };
        ContinuousQueryValidation: {
            result_table_schema: components["schemas"]["ResultTableSchema"];
            resource_dependencies: components["schemas"]["ContinuousQueryResource"][];
            /** @description Mapper id → `{value_columns, observation}`: the output columns that feed the mapper and an example of the FHIR R4 Observation produced per result row and column; null when the query has no mapper. */
            fhir_observation_previews: {
                [key: string]: {
                    value_columns: string[];
                    observation: Record<string, never>;
                };
            } | null;
        };
        /**
         * @description A `ProviderSlug`, a `LabSlug`, or a partner slug (`getlabs`, `phlebfinders`).
         * @enum {string}
         */
        CredentialProvider: "oura" | "fitbit" | "garmin" | "whoop" | "strava" | "renpho" | "peloton" | "wahoo" | "zwift" | "freestyle_libre" | "abbott_libreview" | "freestyle_libre_ble" | "eight_sleep" | "withings" | "apple_health_kit" | "manual" | "ihealth" | "google_fit" | "beurer_api" | "beurer_ble" | "omron" | "omron_ble" | "onetouch_ble" | "accuchek_ble" | "contour_ble" | "dexcom" | "dexcom_v3" | "hammerhead" | "my_fitness_pal" | "health_connect" | "polar" | "cronometer" | "kardia" | "whoop_v2" | "ultrahuman" | "my_fitness_pal_v2" | "map_my_fitness" | "runkeeper" | "tandem_source" | "samsung_health" | "google_health" | "ayumetrix" | "spiriplex" | "ussl" | "quest" | "labcorp" | "bioreference" | "us_biotek" | "sanocardio" | "ihd" | "nexus" | "my_uti" | "sonora_quest" | "crl" | "mtl" | "getlabs" | "phlebfinders";
        PrepareTeamCustomCredentials: {
            /** Format: uuid */
            team_id: string;
            provider: components["schemas"]["CredentialProvider"];
        };
        SetTeamCustomCredential: {
            /** Format: uuid */
            team_id: string;
            provider: components["schemas"]["CredentialProvider"];
            client_id?: string | null;
            /** @description Stored encrypted; never returned (see `client_secret_hash`). */
            client_secret?: string | null;
            /** @description The provider's variant (see the operation); stored encrypted, returned redacted. */
            details?: {
                [key: string]: unknown;
            } | null;
            redirect_url_override?: string | null;
        };
        PreparationStep: {
            /** @enum {string} */
            type: "redirect_uri" | "webhook_uri" | "iam_principal";
            key: string | null;
            value: string;
            description: string | null;
        };
        TeamCustomCredentialsPreparation: {
            /** @enum {string} */
            status: "no_action_needed" | "preparations_required";
            preparation_steps: components["schemas"]["PreparationStep"][] | null;
        };
        TeamCredential: {
            /** Format: uuid */
            id: string;
            client_id: string | null;
            /** @description SHA-256 of the client secret, lowercase hex; null when no secret is stored. */
            client_secret_hash: string | null;
            /** @description The provider slug. */
            source: string;
            /** Format: uuid */
            team_id: string;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @description The provider's details with secret fields redacted. */
            details: {
                [key: string]: unknown;
            } | null;
            app_url: string | null;
            redirect_url_override: string | null;
        };
        TeamCredentialList: {
            credentials: components["schemas"]["TeamCredential"][];
            next_cursor: string | null;
        };
        TeamCredentialDeletion: {
            success: string[];
            failure: string[];
            not_found: string[];
        };
        ProviderDataPullPreferenceInput: {
            /** @description Pull the provider's resources unless overridden. */
            default: boolean;
            /** @description `Resource` → pull or not, for the provider's resources that differ from `default`. */
            resource_overrides?: {
                [key: string]: boolean;
            } | null;
        };
        UpsertDataPullPreferences: {
            team_ids: string[];
            /** @description `ProviderSlug` → preference. */
            providers: {
                [key: string]: components["schemas"]["ProviderDataPullPreferenceInput"];
            };
        };
        DataPullPreference: {
            /** Format: uuid */
            team_id: string;
            provider: string;
            default: boolean;
            resource_overrides: {
                [key: string]: boolean;
            } | null;
        };
        DataPullPreferenceList: {
            data_pull_preferences: components["schemas"]["DataPullPreference"][];
            next_cursor: string | null;
        };
        /** @enum {string} */
        EtlDestination: "azure_amqp" | "webhook" | "cloud_pubsub" | "rabbitmq";
        /** @description Event Hubs name rules — letters, digits, `.`, `-`, `_`; starts and ends with a letter or digit. */
        EventHubName: string;
        EventTypePrefix: string;
        EtlPreferencesInput: {
            preferred: components["schemas"]["EtlDestination"];
            enabled: components["schemas"]["EtlDestination"][];
        };
        EventHubMatcher: {
            event_type_prefix: components["schemas"]["EventTypePrefix"];
            event_hub: components["schemas"]["EventHubName"];
        };
        AzureAmqpInput: {
            /** @description `Endpoint=sb://<host>[:<port>]/;SharedAccessKeyName=<name>;SharedAccessKey=<key>[;EntityPath=<hub>][;UseDevelopmentEmulator=true]`. Stored encrypted; returned redacted. */
            connection_string: string;
            default_event_hub: components["schemas"]["EventHubName"];
            /** @description Tried in order; the first whose `event_type_prefix` prefixes the event type wins. */
            event_hub_matchers?: components["schemas"]["EventHubMatcher"][] | null;
            /**
             * @description `auto` (default): bodies under 1 KiB uncompressed, larger ones gzip; `always`: gzip every body.
             * @enum {string}
             */
            compression?: "auto" | "always";
        } | null;
        CloudPubsubInput: {
            project: string;
            topic: string;
            message_ordering: boolean;
        } | null;
        RabbitmqInput: {
            /** @description `amqp://` or `amqps://` URI. Stored encrypted; returned with the password as `***`. */
            uri: string;
            /** @description May be empty (the default exchange). */
            exchange: string;
        } | null;
        EtlWebhookInput: {
            /** @description Default false. */
            regional?: boolean;
        } | null;
        UpsertEtlPipelines: {
            /** @description Teams to write; absent = every team the key reaches in `{region}`. */
            team_ids?: string[];
            /** @description Default false. */
            push_historical_data?: boolean;
            /** @description Default false; reserved. */
            provider_raw_data?: boolean;
            preferences?: components["schemas"]["EtlPreferencesInput"];
            azure_amqp?: components["schemas"]["AzureAmqpInput"];
            cloud_pubsub?: components["schemas"]["CloudPubsubInput"];
            rabbitmq?: components["schemas"]["RabbitmqInput"];
            webhook?: components["schemas"]["EtlWebhookInput"];
            /** @description Deliver only events whose type starts with one of these; null or absent = all. */
            event_type_prefixes?: components["schemas"]["EventTypePrefix"][] | null;
        };
        EtlPreferences: {
            preferred: components["schemas"]["EtlDestination"];
            enabled: components["schemas"]["EtlDestination"][];
        };
        EventHubMatcherView: {
            event_type_prefix: string;
            event_hub: string;
        };
        AzureAmqp: {
            /** @description Redacted: `SharedAccessKey=***`. */
            connection_string: string;
            default_event_hub: string;
            event_hub_matchers: components["schemas"]["EventHubMatcherView"][] | null;
            /** @enum {string} */
            compression: "auto" | "always";
        } | null;
        CloudPubsub: {
            project: string;
            topic: string;
            message_ordering: boolean;
        } | null;
        Rabbitmq: {
            /** @description The password, if any, is `***`. */
            uri: string;
            exchange: string;
        } | null;
        EtlWebhook: {
            regional: boolean;
        } | null;
        EtlPipeline: {
            /** Format: uuid */
            team_id: string;
            push_historical_data: boolean;
            provider_raw_data: boolean;
            preferences: components["schemas"]["EtlPreferences"];
            azure_amqp: components["schemas"]["AzureAmqp"];
            cloud_pubsub: components["schemas"]["CloudPubsub"];
            rabbitmq: components["schemas"]["Rabbitmq"];
            webhook: components["schemas"]["EtlWebhook"];
            event_type_prefixes: string[] | null;
        };
        EtlPipelines: components["schemas"]["EtlPipeline"][];
        EtlPipelineList: {
            pipelines: components["schemas"]["EtlPipeline"][];
            next_cursor: string | null;
        };
        LabReportReviewList: {
            data: components["schemas"]["LabReportReviewSummary"][];
            next_cursor: string | null;
        };
        LabReportReviewSummary: {
            /** Format: uuid */
            job_id: string;
            /** Format: uuid */
            user_id: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description When the parser stored its reading.
             */
            parsed_at: string;
            result_count: number;
        };
        LabReportReview: {
            /** Format: uuid */
            job_id: string;
            /** Format: uuid */
            user_id: string;
            /** @enum {string} */
            status: "upload_pending" | "started" | "completed" | "failed";
            /** @enum {string|null} */
            failure_reason: "invalid_input" | "low_quality" | "not_english" | "too_many_pages" | "processing_error" | null;
            needs_human_review: boolean;
            is_reviewed: boolean;
            /** @description True while a submit or reject is allowed. */
            awaiting_review: boolean;
            /** Format: date-time */
            created_at: string;
            /** @description The report as parsed (or reviewed); null when failed. */
            parsed_data: {
                metadata: components["schemas"]["LabReportReviewMetadata"];
                results: components["schemas"]["LabReportReviewResult"][];
            } | null;
            pages: {
                number: number;
                /** @enum {string} */
                media_type: "image/png" | "image/jpeg";
            }[];
            review: {
                /** @enum {string} */
                outcome: "approved" | "rejected";
                /** Format: date-time */
                reviewed_at: string;
                reviewed_by: {
                    /** @enum {string} */
                    type: "management_key";
                    /** Format: uuid */
                    id: string;
                };
            } | null;
        };
        LabReportReviewSubmission: {
            metadata: components["schemas"]["LabReportReviewMetadata"];
            results: components["schemas"]["LabReportReviewResult"][];
        };
        LabReportReviewRejection: {
            /** @enum {string} */
            failure_reason: "invalid_input" | "low_quality" | "not_english";
            note?: string | null;
        };
        /** @description The data API's `ParsingJob` (api-shapes §4.7). */
        LabReportReviewParsingJob: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            job_id: string;
            /** @enum {string} */
            status: "upload_pending" | "started" | "completed" | "failed";
            /** @enum {string|null} */
            failure_reason: "invalid_input" | "low_quality" | "not_english" | "too_many_pages" | "processing_error" | null;
            /** @description The report; null until completed. */
            data: {
                metadata: components["schemas"]["LabReportReviewMetadata"];
                results: components["schemas"]["LabReportReviewResult"][];
            } | null;
            needs_human_review: boolean;
            is_reviewed: boolean;
        };
        LabReportReviewMetadata: {
            patient_first_name: string | null;
            patient_last_name: string | null;
            /** Format: date */
            dob: string | null;
            lab_name: string | null;
            /** Format: date */
            date_reported: string | null;
            /** Format: date */
            date_collected: string | null;
            specimen_number: string | null;
            /** @enum {string} */
            gender: "male" | "female" | "other";
        };
        LabReportReviewResult: {
            test_name: string;
            /** @description The value as printed (numbers as text). */
            value: string;
            /** @enum {string} */
            type: "numeric" | "range" | "comment" | "boolean" | "duration" | "percentage" | "ratio";
            units: string | null;
            min_reference_range: number | null;
            max_reference_range: number | null;
            /** @enum {string} */
            interpretation: "normal" | "abnormal" | "critical" | "unknown";
            is_above_max_range: boolean | null;
            is_below_min_range: boolean | null;
            loinc_matches: components["schemas"]["LabReportReviewLoincMatch"][];
            source_panel_name: string | null;
            /** @enum {string} */
            sample_type: "urine" | "serum_plasma_blood" | "capillary_blood" | "stool" | "saliva" | "other" | "unknown";
            /** @enum {string} */
            measurement_kind: "direct" | "calculated" | "ratio" | "unknown";
            /** @enum {string} */
            sensitivity: "sensitive" | "insensitive" | "unknown";
            /** @enum {string} */
            loinc_match_status: "auto_match" | "needs_review" | "no_match";
        };
        LabReportReviewLoincMatch: {
            loinc_code: string;
            loinc_name: string;
            display_name: string;
            aliases: string[];
            confidence_score: number;
        };
        LinkSettingsInput: {
            allowed_redirect_hosts: string[];
        };
        LinkSettings: {
            allowed_redirect_hosts: string[];
        };
        TeamRateLimitInput: {
            requests_per_minute: number;
        };
        TeamRateLimit: {
            requests_per_minute: number;
            default_requests_per_minute: number;
            overridden: boolean;
        };
        ScopeList: string[];
        ScopeRequirementInput: {
            user_must_grant: components["schemas"]["ScopeList"];
            user_may_grant: components["schemas"]["ScopeList"];
        };
        /** @description OAuth provider slug → its requirement. */
        SetScopeRequirements: {
            [key: string]: components["schemas"]["ScopeRequirementInput"];
        };
        ScopeRequirement: {
            /** Format: uuid */
            team_id: string;
            provider: string;
            user_must_grant: string[];
            user_may_grant: string[];
        };
        ScopeRequirementList: {
            requirements: components["schemas"]["ScopeRequirement"][];
        };
        CreateWebhook: {
            /** @description https URL (http only for allow-listed targets). */
            url: string;
            /** @description Default empty string. */
            description?: string;
            /** @description Maximum deliveries per second; null = unlimited. */
            rate_limit?: number | null;
            /** @description Default false. */
            disabled?: boolean;
            /** @description Event types to deliver; null or absent = all. */
            filter_types?: string[] | null;
            /** @description `whsec_` + base64 of 24–64 bytes; generated when absent. */
            secret?: string | null;
        };
        PatchWebhook: {
            url?: string;
            description?: string;
            rate_limit?: number | null;
            disabled?: boolean;
            filter_types?: string[] | null;
        };
        WebhookHeadersInput: {
            /** @description Header name → value, at most 20 headers. A name is an HTTP token (RFC 9110 `tchar`s) of at most 256 characters; a value at most 4,096 characters of visible ASCII, space, tab or obs-text (no CR or LF). */
            headers: {
                [key: string]: string;
            };
        };
        RotateWebhookSecret: {
            key?: string | null;
        };
        Webhook: {
            /** @description Opaque, `ep_…`. */
            id: string;
            url: string;
            description: string;
            rate_limit: number | null;
            disabled: boolean;
            filter_types: string[] | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookList: {
            data: components["schemas"]["Webhook"][];
            next_cursor: string | null;
        };
        WebhookHeaders: {
            headers: {
                [key: string]: string;
            };
            sensitive: string[];
        };
        WebhookSecret: {
            key: string;
        };
        /** @enum {string} */
        WebhookMessageStatus: "pending" | "succeeded" | "failed";
        RecoverWebhookMessages: {
            /** Format: date-time */
            since: string;
        };
        WebhookMessage: {
            /** @description The `webhook-id` header, stable across retries and resends. */
            id: string;
            /** Format: uuid */
            event_id: string;
            event_type: string;
            status: components["schemas"]["WebhookMessageStatus"];
            attempts: number;
            /** Format: date-time */
            next_attempt_at: string | null;
            last_status_code: number | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookMessageList: {
            data: components["schemas"]["WebhookMessage"][];
            next_cursor: string | null;
        };
        WebhookAttempt: {
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            attempted_at: string;
            status_code: number | null;
            response_body: string | null;
            duration_ms: number;
            error: string | null;
            /** Format: date-time */
            next_attempt_at: string | null;
        };
        WebhookAttemptList: {
            data: components["schemas"]["WebhookAttempt"][];
            next_cursor: string | null;
        };
        WebhookResend: {
            id: string;
            /** @enum {string} */
            status: "pending";
        };
        WebhookRecovered: {
            recovered: number;
        };
    };
    responses: {
        /** @description Missing, unknown or revoked key (`invalid_credentials`). */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Wrong key type (`wrong_key_type`), out of scope (`forbidden`), plan (`plan_required`) or closed-beta feature not enabled (`feature_not_enabled`). */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Not found (`not_found`). Another team's or environment's resources are reported as not found. */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Conflict (`duplicate_integration_team_id` with `team_id`, `duplicate_team_id` with `team_id`, `invite_conflict`). */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Request validation failed. */
        ValidationFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ValidationErrorBody"];
            };
        };
        /** @description The HTTP edge refused the request before routing and authentication: `malformed_path` (a malformed percent-escape in the path), `nul_character` (a NUL character in the path, query, a header or the body), `invalid_unicode` (a JSON string escape that is half of a surrogate pair, unpaired), `unsupported_content_encoding` or `invalid_content_encoding` (a body in a content coding that is not accepted or does not decode), `json_too_deep` (JSON nested too deeply) or `bad_request` (a request the HTTP parser cannot read). */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The request body is larger than this API accepts (`payload_too_large`). Checked before authentication, on every route. */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The request line (path and query string) is longer than the server accepts (`uri_too_long`). Checked before authentication, on every route. */
        UriTooLong: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The request headers together are larger than the server accepts (`headers_too_large`). Checked before authentication, on every route. */
        HeaderFieldsTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description An unexpected failure (`internal_error`). The body names the request (`request_id`, also the `x-request-id` response header) for the operator's logs; it never carries a stack trace, SQL or a file path. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["InternalErrorEnvelope"];
            };
        };
        /** @description The slug names an active query of the team environment (`duplicate_slug`, with `query_id`). */
        ContinuousQueryDuplicateSlug: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The query is archived (`invalid_state`, with `status`). */
        ContinuousQueryInvalidState: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The job is not awaiting review (`invalid_state`, with `status`). */
        LabReportReviewInvalidState: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The webhook is disabled (`invalid_state`). */
        WebhookInvalidState: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: {
        OrgId: string;
        TeamId: string;
        MemberId: string;
        InviteId: string;
        KeyId: string;
        Env: components["schemas"]["Environment"];
        RegionPath: components["schemas"]["Region"];
        /** @description Opaque cursor from the previous page's `next_cursor`. */
        NextCursor: string;
        ContinuousQueryEnvironment: components["schemas"]["Environment"];
        ContinuousQueryId: string;
        /** @description `team` (default): a query of the team; `platform`: of the organization (`team_id: null`). */
        ContinuousQueryType: "team" | "platform";
        LabReportReviewEnvironment: components["schemas"]["Environment"];
        LabReportReviewJobId: string;
        /** @description Message id, the `webhook-id` header of its deliveries. */
        WebhookMessageId: string;
        WebhookPageLimit: number;
        WebhookEnvironment: components["schemas"]["Environment"];
        /** @description Opaque webhook id (`ep_…`). */
        WebhookId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    getOrg: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Org"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    updateOrg: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateOrg"];
            };
        };
        responses: {
            /** @description The organization after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Org"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listTeams: {
        parameters: {
            query?: {
                team_id?: string;
                region?: components["schemas"]["Region"][];
                search_query?: string;
                /** @description Opaque cursor from the previous page's `next_cursor`. */
                next_cursor?: components["parameters"]["NextCursor"];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of teams. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTeam"];
            };
        };
        responses: {
            /** @description The new team, with both environment blocks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgTeam"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getTeam: {
        parameters: {
            query?: {
                include_environment?: components["schemas"]["Environment"][];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgTeam"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    updateTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateTeam"];
            };
        };
        responses: {
            /** @description The team after the change, with both environment blocks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgTeam"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    resolveTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResolveTeam"];
            };
        };
        responses: {
            /** @description The team. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgTeam"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listMembers: {
        parameters: {
            query?: {
                search_query?: string;
                /** @description Opaque cursor from the previous page's `next_cursor`. */
                next_cursor?: components["parameters"]["NextCursor"];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of members. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                member_id: components["parameters"]["MemberId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    updateMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                member_id: components["parameters"]["MemberId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMember"];
            };
        };
        responses: {
            /** @description The member after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrgMember"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listInvites: {
        parameters: {
            query?: {
                search_query?: string;
                /** @description Opaque cursor from the previous page's `next_cursor`. */
                next_cursor?: components["parameters"]["NextCursor"];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of invites. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InviteList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateInvite"];
            };
        };
        responses: {
            /** @description What happened. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InviteResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteInvite: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                invite_id: components["parameters"]["InviteId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdrawn. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listManagementKeys: {
        parameters: {
            query?: {
                team_id?: string;
                role?: components["schemas"]["ManagementRole"];
                /** @description Opaque cursor from the previous page's `next_cursor`. */
                next_cursor?: components["parameters"]["NextCursor"];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManagementKeyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createManagementKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateManagementKey"];
            };
        };
        responses: {
            /** @description The new key, with the key itself (shown once). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedManagementKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeManagementKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                key_id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManagementKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    updateManagementKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                key_id: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateManagementKey"];
            };
        };
        responses: {
            /** @description The key after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ManagementKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listTeamApiKeys: {
        parameters: {
            query?: {
                team_id?: string;
                /** @description Opaque cursor from the previous page's `next_cursor`. */
                next_cursor?: components["parameters"]["NextCursor"];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of keys (masked). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamApiKeyList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createTeamApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTeamApiKey"];
            };
        };
        responses: {
            /** @description The new key, with its full value (shown once). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamApiKey"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    revokeTeamApiKeys: {
        parameters: {
            query: {
                api_key_id: string[];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome per key id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamApiKeyRevocation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listAuditEvents: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `next_cursor`. */
                next_cursor?: components["parameters"]["NextCursor"];
                limit?: number;
                /** @description Only calls about this Meridian user. */
                user_id?: string;
                /** @description Only calls made with this team API key or management key (its id). */
                key_id?: string;
                team_id?: string;
                environment?: components["schemas"]["Environment"];
                /** @description Events at or after this time. */
                start?: string;
                /** @description Events before this time. */
                end?: string;
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of audit events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditEventList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listContinuousQueries: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `next_cursor`. */
                next_cursor?: components["parameters"]["NextCursor"];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["ContinuousQueryEnvironment"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of continuous queries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContinuousQueryList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createContinuousQuery: {
        parameters: {
            query?: {
                /** @description `team` (default): a query of the team; `platform`: of the organization (`team_id: null`). */
                query_type?: components["parameters"]["ContinuousQueryType"];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["ContinuousQueryEnvironment"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateContinuousQuery"];
            };
        };
        responses: {
            /** @description The new continuous query. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContinuousQuery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ContinuousQueryDuplicateSlug"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    validateContinuousQuery: {
        parameters: {
            query?: {
                /** @description `team` (default): a query of the team; `platform`: of the organization (`team_id: null`). */
                query_type?: components["parameters"]["ContinuousQueryType"];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["ContinuousQueryEnvironment"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateContinuousQuery"];
            };
        };
        responses: {
            /** @description What the query would derive. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContinuousQueryValidation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    archiveContinuousQuery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["ContinuousQueryEnvironment"];
                query_id: components["parameters"]["ContinuousQueryId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The archived query. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContinuousQuery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    updateContinuousQuery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["ContinuousQueryEnvironment"];
                query_id: components["parameters"]["ContinuousQueryId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PatchContinuousQuery"];
            };
        };
        responses: {
            /** @description The query after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContinuousQuery"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["ContinuousQueryInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    prepareTeamCustomCredentials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PrepareTeamCustomCredentials"];
            };
        };
        responses: {
            /** @description The steps, if any. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamCustomCredentialsPreparation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listTeamCustomCredentials: {
        parameters: {
            query?: {
                team_id?: string[];
                provider?: string;
                /** @description Opaque cursor from the previous page's `next_cursor`. */
                next_cursor?: components["parameters"]["NextCursor"];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of credentials (secret hashed, details redacted). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamCredentialList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    setTeamCustomCredentials: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetTeamCustomCredential"];
            };
        };
        responses: {
            /** @description The credential as stored (secret hashed, details redacted). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamCredential"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteTeamCustomCredentials: {
        parameters: {
            query: {
                credential_id: string[];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome per credential id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamCredentialDeletion"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listDataPullPreferences: {
        parameters: {
            query?: {
                team_id?: string[];
                provider?: string[];
                /** @description Opaque cursor from the previous page's `next_cursor`. */
                next_cursor?: components["parameters"]["NextCursor"];
                limit?: number;
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of preferences. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataPullPreferenceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    upsertDataPullPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpsertDataPullPreferences"];
            };
        };
        responses: {
            /** @description The written preferences. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataPullPreferenceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteDataPullPreferences: {
        parameters: {
            query: {
                team_id: string[];
                provider?: string[];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed preferences. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DataPullPreferenceList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listEtlPipelines: {
        parameters: {
            query?: {
                team_id?: string;
                /** @description Opaque cursor from the previous page's `next_cursor`. */
                next_cursor?: components["parameters"]["NextCursor"];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of pipelines (secrets redacted). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EtlPipelineList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    upsertEtlPipelines: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpsertEtlPipelines"];
            };
        };
        responses: {
            /** @description The pipelines as stored (secrets redacted), in `team_ids` order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EtlPipelines"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteEtlPipelines: {
        parameters: {
            query?: {
                team_id?: string[];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                env: components["parameters"]["Env"];
                region: components["parameters"]["RegionPath"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The removed pipelines (secrets redacted). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EtlPipelines"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listLabReportReviews: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `next_cursor`. */
                next_cursor?: components["parameters"]["NextCursor"];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["LabReportReviewEnvironment"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of jobs awaiting review. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabReportReviewList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getLabReportReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["LabReportReviewEnvironment"];
                job_id: components["parameters"]["LabReportReviewJobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job as the reviewer sees it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabReportReview"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getLabReportReviewPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["LabReportReviewEnvironment"];
                job_id: components["parameters"]["LabReportReviewJobId"];
                /** @description 1-based page number (see `pages` of the job). */
                page_number: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page image. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                    "image/jpeg": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    completeLabReportReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["LabReportReviewEnvironment"];
                job_id: components["parameters"]["LabReportReviewJobId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LabReportReviewSubmission"];
            };
        };
        responses: {
            /** @description The completed job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabReportReviewParsingJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["LabReportReviewInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    rejectLabReportReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["LabReportReviewEnvironment"];
                job_id: components["parameters"]["LabReportReviewJobId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LabReportReviewRejection"];
            };
        };
        responses: {
            /** @description The failed job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabReportReviewParsingJob"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["LabReportReviewInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getLinkSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["schemas"]["Environment"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    putLinkSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["schemas"]["Environment"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkSettingsInput"];
            };
        };
        responses: {
            /** @description The settings as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkSettings"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getTeamRateLimit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team's limit. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamRateLimit"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    putTeamRateLimit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TeamRateLimitInput"];
            };
        };
        responses: {
            /** @description The team's limit as stored. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamRateLimit"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteTeamRateLimit: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team's limit after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamRateLimit"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listScopeRequirements: {
        parameters: {
            query?: {
                provider?: string;
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The team's requirements. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeRequirementList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    setScopeRequirements: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetScopeRequirements"];
            };
        };
        responses: {
            /** @description The team's requirements after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScopeRequirementList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `next_cursor`. */
                next_cursor?: components["parameters"]["NextCursor"];
                limit?: number;
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of webhooks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhook"];
            };
        };
        responses: {
            /** @description The new webhook. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The webhook. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    updateWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PatchWebhook"];
            };
        };
        responses: {
            /** @description The webhook after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getWebhookHeaders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The headers, sensitive values redacted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookHeaders"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    replaceWebhookHeaders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookHeadersInput"];
            };
        };
        responses: {
            /** @description Replaced. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current secret. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookSecret"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RotateWebhookSecret"];
            };
        };
        responses: {
            /** @description Rotated. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhookMessages: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `next_cursor`. */
                next_cursor?: components["parameters"]["NextCursor"];
                limit?: components["parameters"]["WebhookPageLimit"];
                status?: components["schemas"]["WebhookMessageStatus"];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of messages. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookMessageList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listWebhookMessageAttempts: {
        parameters: {
            query?: {
                /** @description Opaque cursor from the previous page's `next_cursor`. */
                next_cursor?: components["parameters"]["NextCursor"];
                limit?: components["parameters"]["WebhookPageLimit"];
            };
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
                /** @description Message id, the `webhook-id` header of its deliveries. */
                message_id: components["parameters"]["WebhookMessageId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of attempts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookAttemptList"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    resendWebhookMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
                /** @description Message id, the `webhook-id` header of its deliveries. */
                message_id: components["parameters"]["WebhookMessageId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued for delivery. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookResend"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["WebhookInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    recoverWebhookMessages: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                org_id: components["parameters"]["OrgId"];
                team_id: components["parameters"]["TeamId"];
                environment: components["parameters"]["WebhookEnvironment"];
                /** @description Opaque webhook id (`ep_…`). */
                webhook_id: components["parameters"]["WebhookId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecoverWebhookMessages"];
            };
        };
        responses: {
            /** @description The failed messages were queued again. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookRecovered"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["WebhookInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
}
