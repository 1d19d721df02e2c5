/* eslint-disable */
// Generated from openapi.yaml by `pnpm openapi:types`. Do not edit.

export type paths = {
    "/v2/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the users of the key's team environment (paged). */
        get: operations["listUsers"];
        put?: never;
        /** Create a user (idempotent on client_user_id). */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/user/resolve/{client_user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Resolve a client_user_id to the user record. */
        get: operations["resolveUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/user/providers/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's provider connections with their status. */
        get: operations["listUserProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/user/undo_delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a deleted user within the 7-day grace period. */
        post: operations["undoUserDeletion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/user/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        /** One user. */
        get: operations["getUser"];
        put?: never;
        post?: never;
        /** Delete a user (7-day grace period, restorable with undo_delete). */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        /** Update client_user_id, fallback values and ingestion bounds. */
        patch: operations["patchUser"];
        trace?: never;
    };
    "/v2/user/{user_id}/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove one provider connection of the user. */
        delete: operations["deregisterUserProvider"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The provider catalog. */
        get: operations["listProviders"];
        put?: never;
        post?: never;
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
        DuplicateClientUserIdError: {
            detail: {
                /** @enum {string} */
                error_type: "duplicate_client_user_id";
                error_message: string;
                /** Format: uuid */
                user_id: string;
                /** Format: date-time */
                created_on: string;
            } & {
                [key: string]: unknown;
            };
        };
        ClientUserIdTakenError: {
            detail: {
                /** @enum {string} */
                error_type: "client_user_id_taken";
                error_message: string;
                /** Format: uuid */
                user_id: string;
            } & {
                [key: string]: unknown;
            };
        };
        Success: {
            /** @enum {boolean} */
            success: true;
        };
        /** @description Unknown keys are ignored. */
        UserCreate: {
            /** @description Your id for the end user, unique per team environment. Must not carry personal data: e-mail addresses and phone numbers are refused (422). */
            client_user_id: string;
            /** @description IANA time zone id (e.g. `Europe/Berlin`); unknown ids → 422. */
            fallback_time_zone?: string | null;
            /** Format: date */
            fallback_birth_date?: string | null;
            /** Format: date */
            ingestion_start?: string | null;
            /**
             * Format: date
             * @description Inclusive; must not be before ingestion_start (422).
             */
            ingestion_end?: string | null;
        };
        /** @description Every key optional; only present keys change; `null` clears. Unknown keys are ignored. */
        UserPatch: {
            client_user_id?: string;
            fallback_time_zone?: string | null;
            /** Format: date */
            fallback_birth_date?: string | null;
            /** Format: date */
            ingestion_start?: string | null;
            /** Format: date */
            ingestion_end?: string | null;
        };
        /** @description Same keys as the query parameters; the query wins when it names the user. */
        UndoDeleteRequest: {
            /** Format: uuid */
            user_id?: string;
            client_user_id?: string;
        };
        User: {
            /** Format: uuid */
            user_id: string;
            /** Format: uuid */
            team_id: string;
            client_user_id: string;
            /** Format: date-time */
            created_on: string;
            connected_sources: components["schemas"]["ConnectedSource"][];
            fallback_time_zone: components["schemas"]["FallbackTimeZone"];
            fallback_birth_date: components["schemas"]["FallbackBirthDate"];
            /** Format: date */
            ingestion_start: string | null;
            /** Format: date */
            ingestion_end: string | null;
        };
        ConnectedSource: {
            provider: components["schemas"]["Provider"];
            /**
             * @deprecated
             * @description Deprecated duplicate of `provider`.
             */
            source: components["schemas"]["Provider"];
            /** Format: date-time */
            created_on: string;
        };
        Provider: {
            name: string;
            slug: string;
            /** @description URL of the provider's logo. */
            logo: string;
        };
        /** @description Null when no fallback time zone is set. */
        FallbackTimeZone: {
            /** @description IANA time zone id. */
            id: string;
            /** @description `manual` when set through the API, else the provider slug. */
            source_slug: string;
            /** Format: date-time */
            updated_at: string;
        } | null;
        /** @description Null when no fallback birth date is set. */
        FallbackBirthDate: {
            /** Format: date */
            value: string;
            source_slug: string;
            /** Format: date-time */
            updated_at: string;
        } | null;
        UsersPage: {
            users: components["schemas"]["User"][];
            total: number;
            offset: number;
            limit: number;
        };
        UserProviders: {
            providers: components["schemas"]["ProviderWithStatus"][];
        };
        ProviderWithStatus: {
            name: string;
            slug: string;
            logo: string;
            /** Format: date-time */
            created_on: string;
            /** @enum {string} */
            status: "connected" | "error";
            external_user_id: string | null;
            error_details: components["schemas"]["ConnectionErrorDetails"];
            /** @description Keyed by Resource. */
            resource_availability: {
                [key: string]: components["schemas"]["ResourceAvailability"];
            };
        };
        /** @description Non-null only when the connection's `status` is `error`. */
        ConnectionErrorDetails: {
            /** @enum {string} */
            error_type: "token_refresh_failed" | "webhook_registration_failed" | "user_not_found" | "deregistered_per_provider" | "required_scopes_not_granted" | "provider_credential_error" | "provider_password_expired" | "unknown";
            error_message: string;
            /** Format: date-time */
            errored_at: string;
        } | null;
        ResourceAvailability: {
            /** @enum {string} */
            status: "available" | "unavailable";
            scope_requirements: {
                user_granted: components["schemas"]["ScopeSet"];
                user_denied: components["schemas"]["ScopeSet"];
            } | null;
        };
        ScopeSet: {
            required: string[];
            optional: string[];
        };
        ProviderDetailed: {
            name: string;
            slug: string;
            description: string;
            logo: string | null;
            /**
             * @description An AuthType value, or null when unknown.
             * @enum {string|null}
             */
            auth_type: "oauth" | "team_oauth" | "sdk" | "password" | "email" | "app" | null;
            supported_resources: components["schemas"]["Resource"][];
        };
        /** @enum {string} */
        SourceKind: "app" | "ble" | "device" | "lab" | "provider";
        /** @enum {string} */
        AuthType: "oauth" | "team_oauth" | "sdk" | "password" | "email" | "app";
        /** @enum {string} */
        Resource: "profile" | "activity" | "sleep" | "body" | "workouts" | "workout_stream" | "connection" | "order" | "result" | "appointment" | "glucose" | "heartrate" | "hrv" | "ige" | "igg" | "blood_oxygen" | "blood_pressure" | "cholesterol" | "device" | "device_legacy" | "weight" | "fat" | "body_temperature" | "body_temperature_delta" | "meal" | "water" | "caffeine" | "mindfulness_minutes" | "steps" | "calories_active" | "distance" | "floors_climbed" | "respiratory_rate" | "vo2_max" | "calories_basal" | "stress_level" | "menstrual_cycle" | "sleep_cycle" | "electrocardiogram" | "electrocardiogram_voltage" | "afib_burden" | "heart_rate_alert" | "stand_hour" | "stand_duration" | "sleep_apnea_alert" | "sleep_breathing_disturbance" | "wheelchair_push" | "forced_expiratory_volume_1" | "forced_vital_capacity" | "peak_expiratory_flow_rate" | "inhaler_usage" | "fall" | "uv_exposure" | "daylight_exposure" | "handwashing" | "basal_body_temperature" | "heart_rate_recovery_one_minute" | "body_mass_index" | "lean_body_mass" | "waist_circumference" | "workout_distance" | "workout_swimming_stroke" | "workout_duration" | "insulin_injection" | "carbohydrates" | "note" | "sleep_stream" | "hypnogram";
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
        /** @description Wrong key type (`wrong_key_type`) or closed-beta feature not enabled (`feature_not_enabled`). */
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
        /** @description Request validation failed. */
        ValidationFailed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ValidationErrorBody"];
            };
        };
    };
    parameters: {
        UserId: string;
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    listUsers: {
        parameters: {
            query?: {
                offset?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of users. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UsersPage"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserCreate"];
            };
        };
        responses: {
            /** @description The created user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description A user with this client_user_id already exists (`duplicate_client_user_id`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DuplicateClientUserIdError"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
        };
    };
    resolveUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                client_user_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
        };
    };
    listUserProviders: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's connections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserProviders"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
        };
    };
    undoUserDeletion: {
        parameters: {
            query?: {
                user_id?: string;
                client_user_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["UndoDeleteRequest"];
            };
        };
        responses: {
            /** @description The user is active again. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description Another active user holds the client_user_id (`client_user_id_taken`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ClientUserIdTakenError"];
                };
            };
            422: components["responses"]["ValidationFailed"];
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted (grace period started). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
        };
    };
    patchUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UserPatch"];
            };
        };
        responses: {
            /** @description Updated. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The new client_user_id is held by another user (`duplicate_client_user_id`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DuplicateClientUserIdError"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
        };
    };
    deregisterUserProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connection is removed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["ValidationFailed"];
        };
    };
    listProviders: {
        parameters: {
            query?: {
                source_type?: components["schemas"]["SourceKind"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The providers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderDetailed"][];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["ValidationFailed"];
        };
    };
}
