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
    "/v2/user/refresh/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Fetch new data from the user's providers now. */
        post: operations["refreshUserData"];
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
    "/v2/providers/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What each provider connector supports. */
        get: operations["listProviderCapabilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/aggregate/v1/user/{user_id}/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a batch of aggregation queries over one user's data and return their tables. */
        post: operations["aggregateUserQuery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/aggregate/v1/user/{user_id}/continuous_query/{query_id_or_slug}/result_table": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The latest result table of a continuous query for one user. */
        get: operations["getContinuousQueryResultTable"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/aggregate/v1/user/{user_id}/continuous_query/{query_id_or_slug}/task_history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The runs of a continuous query for one user, newest first. */
        get: operations["listContinuousQueryTaskHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/aggregate/v1/user/{user_id}/continuous_query/{query_id_or_slug}/fhir_observations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The FHIR R4 Observations built from a continuous query's result table for one user. */
        get: operations["getContinuousQueryFhirObservations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key's team environment events in the order they were recorded, from a cursor. */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/introspect/resources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per user, provider and resource ingestion figures of the key's team environment. */
        get: operations["introspectResources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/introspect/historical_pull": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Per user, provider and resource historical pull status of the key's team environment. */
        get: operations["introspectHistoricalPulls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/area/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Phlebotomy providers (with their service types) and central labs for a zip code. */
        get: operations["getOrderAreaInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/phlebotomy/appointment/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bookable at-home draw slots for a patient address, with booking keys that expire. */
        post: operations["getPhlebotomyAvailability"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/phlebotomy/appointment/cancellation-reasons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reasons an at-home appointment can be cancelled for (`cancellation_reason_id`). */
        get: operations["listPhlebotomyCancellationReasons"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/phlebotomy/appointment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        /** The order's at-home appointment. */
        get: operations["getPhlebotomyAppointment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/phlebotomy/appointment/book": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Book an at-home draw in a slot from availability (appointment-ready provider). */
        post: operations["bookPhlebotomyAppointment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/phlebotomy/appointment/request": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Request an at-home draw from an appointment-request provider (no time yet). */
        post: operations["requestPhlebotomyAppointment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/phlebotomy/appointment/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Move the active appointment to another slot from availability. */
        patch: operations["reschedulePhlebotomyAppointment"];
        trace?: never;
    };
    "/v3/order/{order_id}/phlebotomy/appointment/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Cancel the active appointment. */
        patch: operations["cancelPhlebotomyAppointment"];
        trace?: never;
    };
    "/v2/provider_webhooks/phlebotomy/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The phlebotomy partner (`getlabs`, `phlebfinders`). */
                provider: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A phlebotomy partner's signed appointment update. */
        post: operations["phlebotomyPartnerWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/phlebotomy/appointment/booking_link": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A link to the hosted booking page for one at-home order (for the patient; no API key in it). */
        post: operations["createPhlebotomyBookingLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/booking_page/appointment": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Booking page — the order's appointment and what the patient can do next. */
        get: operations["getBookingPageState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/booking_page/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Booking page — open slots at the order's patient address. */
        post: operations["getBookingPageAvailability"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/booking_page/appointment/book": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Booking page — book a slot. */
        post: operations["bookBookingPageAppointment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/booking_page/appointment/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Booking page — request an appointment (appointment-request tier). */
        post: operations["requestBookingPageAppointment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/booking_page/appointment/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Booking page — move the appointment to another slot. */
        patch: operations["rescheduleBookingPageAppointment"];
        trace?: never;
    };
    "/v3/booking_page/appointment/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Booking page — cancel the appointment with a reason. */
        patch: operations["cancelBookingPageAppointment"];
        trace?: never;
    };
    "/v3/order/{order_id}/result/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order's lab report as a PDF.
         * @description The §6.9 results drawn as a report: metadata, every biomarker with value, unit, reference range and flag (abnormal and critical rows highlighted), missing results with their failure types. 404 `not_found` until the lab has reported (partial results count).
         */
        get: operations["getLabOrderResultPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/requisition/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order's lab requisition as a PDF.
         * @description Patient, physician and NPI, the lab test with its markers (lab codes and LOINC), ICD-10 codes, billing, priority, fasting, the specimen id as text and Code 128 barcode, collection and signature lines.
         */
        get: operations["getLabOrderRequisitionPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/collection_instruction_pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The patient's collection instructions for the order as a PDF.
         * @description Preparation (fasting or not), then numbered steps for the order's collection method and specimen type, and the markers included; the patient and the specimen id are named.
         */
        get: operations["getLabOrderCollectionInstructionPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/abn_pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The order's Advance Beneficiary Notice of Non-coverage (ABN) as a PDF.
         * @description Laid out as form CMS-R-131: notifier, patient, the order's lab test with its price as the item Medicare may not pay for, the three options with check boxes, signature and date.
         */
        get: operations["getLabOrderAbnPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/labels/pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Specimen labels for the order as a PDF.
         * @description `number_of_labels` labels on a US Letter sheet in the Avery 5160 layout (3 × 10 labels of 2.625" × 1"; more than 30 continue on a second sheet): patient name, date of birth, collection date, and the sample id as Code 128 barcode and text.
         */
        get: operations["getLabOrderLabelsPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/lab_test/{lab_test_id}/collection_instruction_pdf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A lab test's collection instructions as a PDF (no patient named).
         * @description Preparation (fasting or not), numbered steps for the lab test's collection method and specimen type, and its markers.
         */
        get: operations["getLabTestCollectionInstructionPdf"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Order a lab test (or an order set) for a user. */
        post: operations["createLabOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The team environment's orders, filtered, sorted and paged. */
        get: operations["listLabOrders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record an order placed elsewhere, at its current status. */
        post: operations["importLabOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/resend_events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Emit `labtest.order.updated` again for orders. */
        post: operations["resendLabOrderEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["LabOrderId"];
            };
            cookie?: never;
        };
        /** One order with its full status history. */
        get: operations["getLabOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the patient details, address or notes of an order. */
        patch: operations["updateLabOrder"];
        trace?: never;
    };
    "/v3/order/{order_id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["LabOrderId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel an order. */
        post: operations["cancelLabOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/draw_completed": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["LabOrderId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Record that the team's staff drew the sample (on-site collection). */
        patch: operations["completeLabOrderDraw"];
        trace?: never;
    };
    "/v3/order/{order_id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["LabOrderId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox only — walk the order through its statuses to `final_status`. */
        post: operations["simulateLabOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/result": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["LabOrderId"];
            };
            cookie?: never;
        };
        /** The order's results. */
        get: operations["getLabOrderResults"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/result/metadata": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["LabOrderId"];
            };
            cookie?: never;
        };
        /** The metadata of the order's results report. */
        get: operations["getLabOrderResultsMetadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/psc/appointment/availability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bookable slots at a lab's patient service centers, with booking keys that expire. */
        post: operations["getPscAvailability"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/psc/appointment/cancellation-reasons": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The reasons a service-center appointment can be cancelled for (`cancellationReasonId`). */
        get: operations["listPscCancellationReasons"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/psc/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A lab's patient service centers around a zip code (PscAreaInfo with the sites). */
        get: operations["getPscInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/psc/info": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        /** The service centers of the order's lab near the patient's address (radius 25 miles). */
        get: operations["getOrderPscInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/psc/appointment": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        /** The order's service-center appointment. */
        get: operations["getPscAppointment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/psc/appointment/book": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Book a walk-in visit in a slot from PSC availability. */
        post: operations["bookPscAppointment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/{order_id}/psc/appointment/reschedule": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Move the active service-center appointment to another slot (possibly another site of the lab). */
        patch: operations["reschedulePscAppointment"];
        trace?: never;
    };
    "/v3/order/{order_id}/psc/appointment/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Cancel the active service-center appointment (camelCase body). */
        patch: operations["cancelPscAppointment"];
        trace?: never;
    };
    "/lab_report/v1/parser/job": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a lab report (PDF, JPEG or PNG; or up to 8 images merged in order) for parsing. */
        post: operations["createLabReportParsingJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/lab_report/v1/parser/job/{job_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A parsing job with its status, failure reason and, once completed, the parsed report. */
        get: operations["getLabReportParsingJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/testkit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Order a test kit; the fulfilment partner ships it (or makes the return label of a kit handed out). */
        post: operations["createTestkitOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/order/testkit/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a kit handed out offline to its patient (binds the order awaiting registration). */
        post: operations["registerTestkit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/provider_webhooks/testkit/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The fulfilment partner (`kitship`). */
                provider: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The fulfilment partner's signed courier scan of a kit. */
        post: operations["testkitFulfilmentWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/lab_tests": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every lab test of the key's team environment, filtered and sorted. */
        get: operations["listLabTests"];
        put?: never;
        /** Create a lab test from the markers of one lab. */
        post: operations["createLabTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/lab_tests/markers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The labs' orderable markers (the compendium), paged. */
        get: operations["listLabMarkers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/lab_tests/list_order_set_markers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The markers an order set would order, paged. */
        post: operations["listOrderSetMarkers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/lab_tests/labs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The labs lab tests can be made for. */
        get: operations["listLabs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/lab_tests/{lab_test_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                lab_test_id: components["parameters"]["LabTestId"];
            };
            cookie?: never;
        };
        /** One lab test of the key's team environment. */
        get: operations["getLabTest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Rename a lab test, switch it on or off, or change its fasting flag. */
        patch: operations["updateLabTest"];
        trace?: never;
    };
    "/v3/lab_tests/{lab_test_id}/markers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The markers of one lab test, in its order, paged. */
        get: operations["listLabTestMarkers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/lab_tests/{lab_id}/markers/{provider_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One marker of a lab, by the lab's order code. */
        get: operations["getLabMarker"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v3/lab_test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The lab tests of the key's team environment, a cursor page at a time. */
        get: operations["pageLabTests"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a link token for one user (opens the hosted widget at `link_web_url`). */
        post: operations["createLinkToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/token/isValid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether a link token can still be used. */
        post: operations["isLinkTokenValid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/code/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a one-time code that a device can exchange for a link token. */
        post: operations["createLinkCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/code/exchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Trade a link code for a link token (public; the code is the credential). */
        post: operations["exchangeLinkCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The providers the widget can link. */
        get: operations["listLinkProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/provider/oauth/{oauth_provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An OAuth provider with the authorize URL for this link session. */
        get: operations["getLinkOAuthProvider"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/auth": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Widget — start linking an OAuth provider (answers where to send the browser). */
        post: operations["startLinkAuth"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/oauth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the provider sends the browser back after consent (public). */
        get: operations["linkOAuthCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/provider/password/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Link a password provider with the person's sign-in. */
        post: operations["linkPasswordProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/provider/password/{provider}/complete_mfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Finish a password sign-in with the code the provider sent. */
        post: operations["completeLinkPasswordMfa"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/provider/email/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Link an e-mail provider (the provider invites the person by e-mail). */
        post: operations["linkEmailProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/auth/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Widget — alias of POST /v2/link/provider/email/{provider} with the provider in the body. */
        post: operations["linkEmailProviderFromWidget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/provider/manual/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record a connection to a manual provider (data you push yourself). */
        post: operations["connectManualProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Widget — everything the widget shows for its link token. */
        post: operations["startLinkSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Widget — the link session's progress. */
        get: operations["getLinkState"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/link/connect/demo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Connect a demo provider that fills the user with generated data (sandbox only). */
        post: operations["connectDemoProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/provider_webhooks/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: components["parameters"]["WebhookProvider"];
            };
            cookie?: never;
        };
        /** A provider's verification handshake (e.g. Fitbit's `verify` code, Strava's hub challenge). */
        get: operations["providerWebhookVerify"];
        put?: never;
        /** A provider's notification of new data, or of a revoked authorization. */
        post: operations["providerWebhookNotify"];
        delete?: never;
        options?: never;
        /** Reachability probe (Withings checks the URL with HEAD before subscribing). */
        head: operations["providerWebhookProbe"];
        patch?: never;
        trace?: never;
    };
    "/v2/provider_webhooks/{provider}/teams/{team_id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: components["parameters"]["WebhookProvider"];
                team_id: string;
            };
            cookie?: never;
        };
        /** As GET /v2/provider_webhooks/{provider}, for a team's own OAuth app. */
        get: operations["providerTeamWebhookVerify"];
        put?: never;
        /** As POST /v2/provider_webhooks/{provider}, for a team's own OAuth app. */
        post: operations["providerTeamWebhookNotify"];
        delete?: never;
        options?: never;
        /** As HEAD /v2/provider_webhooks/{provider}, for a team's own OAuth app. */
        head: operations["providerTeamWebhookProbe"];
        patch?: never;
        trace?: never;
    };
    "/v2/user/{user_id}/sign_in_token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mint a short-lived sign-in token that the integrator's app exchanges for a device session. */
        post: operations["createSignInToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/sdk/auth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** OAuth 2 token endpoint (JSON) of device sessions; exchanges a sign-in token or rotates a refresh token. */
        post: operations["sdkAuthToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/sdk/auth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign a device out (OAuth 2 token revocation, JSON). */
        post: operations["sdkAuthRevoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/sdk/push/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Push a batch of native HealthKit, Health Connect or Samsung Health records from a device. */
        post: operations["pushSdkData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/user/{user_id}/device": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's devices (app installations signed in with the mobile SDK) and their sync status. */
        get: operations["listUserDevices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/user/{user_id}/device/{device_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One device of the user and its sync status per provider and resource. */
        get: operations["getUserDevice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/summary/activity/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Daily activity summaries of a user. */
        get: operations["getActivitySummaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/summary/body/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Daily body-composition summaries of a user. */
        get: operations["getBodySummaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/summary/meal/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Meal summaries of a user. */
        get: operations["getMealSummaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/summary/sleep/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sleep session summaries of a user. */
        get: operations["getSleepSummaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/summary/workouts/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Workout summaries of a user. */
        get: operations["getWorkoutSummaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/summary/sleep_cycle/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sleep cycle summaries (the detailed hypnogram of a sleep session) of a user. */
        get: operations["getSleepCycleSummaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/summary/menstrual_cycle/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Menstrual cycle summaries of a user. */
        get: operations["getMenstrualCycleSummaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/summary/electrocardiogram/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Electrocardiogram recordings of a user. */
        get: operations["getElectrocardiogramSummaries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/summary/profile/{user_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's latest profile. */
        get: operations["getProfileSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/team/link/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What the link widget needs to know about the key's team environment. */
        get: operations["getTeamLinkConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/team/{team_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The key's own team, as seen from the key's environment. */
        get: operations["getTeam"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/blood_oxygen/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** blood_oxygen samples grouped by provider and source (paged). */
        get: operations["getGroupedBloodOxygen"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/body_fat/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** body_fat samples grouped by provider and source (paged). */
        get: operations["getGroupedBodyFat"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/stress_level/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** stress_level samples grouped by provider and source (paged). */
        get: operations["getGroupedStressLevel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/body_weight/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** body_weight samples grouped by provider and source (paged). */
        get: operations["getGroupedBodyWeight"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/calories_basal/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** calories_basal samples grouped by provider and source (paged). */
        get: operations["getGroupedCaloriesBasal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/floors_climbed/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** floors_climbed samples grouped by provider and source (paged). */
        get: operations["getGroupedFloorsClimbed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/water/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** water samples grouped by provider and source (paged). */
        get: operations["getGroupedWater"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/glucose/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** glucose samples grouped by provider and source (paged). */
        get: operations["getGroupedGlucose"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/heartrate/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** heartrate samples grouped by provider and source (paged). */
        get: operations["getGroupedHeartrate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/respiratory_rate/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** respiratory_rate samples grouped by provider and source (paged). */
        get: operations["getGroupedRespiratoryRate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/hrv/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** hrv samples grouped by provider and source (paged). */
        get: operations["getGroupedHrv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/fall/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** fall samples grouped by provider and source (paged). */
        get: operations["getGroupedFall"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/handwashing/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** handwashing samples grouped by provider and source (paged). */
        get: operations["getGroupedHandwashing"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/heart_rate_recovery_one_minute/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** heart_rate_recovery_one_minute samples grouped by provider and source (paged). */
        get: operations["getGroupedHeartRateRecoveryOneMinute"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/inhaler_usage/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** inhaler_usage samples grouped by provider and source (paged). */
        get: operations["getGroupedInhalerUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/sleep_apnea_alert/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** sleep_apnea_alert samples grouped by provider and source (paged). */
        get: operations["getGroupedSleepApneaAlert"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/steps/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** steps samples grouped by provider and source (paged). */
        get: operations["getGroupedSteps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/wheelchair_push/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** wheelchair_push samples grouped by provider and source (paged). */
        get: operations["getGroupedWheelchairPush"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/workout_swimming_stroke/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** workout_swimming_stroke samples grouped by provider and source (paged). */
        get: operations["getGroupedWorkoutSwimmingStroke"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/daylight_exposure/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** daylight_exposure samples grouped by provider and source (paged). */
        get: operations["getGroupedDaylightExposure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/mindfulness_minutes/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** mindfulness_minutes samples grouped by provider and source (paged). */
        get: operations["getGroupedMindfulnessMinutes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/stand_duration/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** stand_duration samples grouped by provider and source (paged). */
        get: operations["getGroupedStandDuration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/distance/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** distance samples grouped by provider and source (paged). */
        get: operations["getGroupedDistance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/workout_distance/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** workout_distance samples grouped by provider and source (paged). */
        get: operations["getGroupedWorkoutDistance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/caffeine/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** caffeine samples grouped by provider and source (paged). */
        get: operations["getGroupedCaffeine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/carbohydrates/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** carbohydrates samples grouped by provider and source (paged). */
        get: operations["getGroupedCarbohydrates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/forced_expiratory_volume_1/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** forced_expiratory_volume_1 samples grouped by provider and source (paged). */
        get: operations["getGroupedForcedExpiratoryVolume1"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/forced_vital_capacity/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** forced_vital_capacity samples grouped by provider and source (paged). */
        get: operations["getGroupedForcedVitalCapacity"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/body_mass_index/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** body_mass_index samples grouped by provider and source (paged). */
        get: operations["getGroupedBodyMassIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/uv_exposure/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** uv_exposure samples grouped by provider and source (paged). */
        get: operations["getGroupedUvExposure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/afib_burden/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** afib_burden samples grouped by provider and source (paged). */
        get: operations["getGroupedAfibBurden"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/basal_body_temperature/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** basal_body_temperature samples grouped by provider and source (paged). */
        get: operations["getGroupedBasalBodyTemperature"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/calories_active/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** calories_active samples grouped by provider and source (paged). */
        get: operations["getGroupedCaloriesActive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/lean_body_mass/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** lean_body_mass samples grouped by provider and source (paged). */
        get: operations["getGroupedLeanBodyMass"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/peak_expiratory_flow_rate/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** peak_expiratory_flow_rate samples grouped by provider and source (paged). */
        get: operations["getGroupedPeakExpiratoryFlowRate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/vo2_max/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** vo2_max samples grouped by provider and source (paged). */
        get: operations["getGroupedVo2Max"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/waist_circumference/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** waist_circumference samples grouped by provider and source (paged). */
        get: operations["getGroupedWaistCircumference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/blood_pressure/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** blood_pressure samples grouped by provider and source (paged). */
        get: operations["getGroupedBloodPressure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/body_temperature/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** body_temperature samples grouped by provider and source (paged). */
        get: operations["getGroupedBodyTemperature"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/body_temperature_delta/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** body_temperature_delta samples grouped by provider and source (paged). */
        get: operations["getGroupedBodyTemperatureDelta"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/cholesterol/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** cholesterol samples grouped by provider and source (paged). */
        get: operations["getGroupedCholesterol"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/electrocardiogram_voltage/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** electrocardiogram_voltage samples grouped by provider and source (paged). */
        get: operations["getGroupedElectrocardiogramVoltage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/ige/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ige samples grouped by provider and source (paged). */
        get: operations["getGroupedIge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/igg/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** igg samples grouped by provider and source (paged). */
        get: operations["getGroupedIgg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/heart_rate_alert/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** heart_rate_alert samples grouped by provider and source (paged). */
        get: operations["getGroupedHeartRateAlert"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/stand_hour/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** stand_hour samples grouped by provider and source (paged). */
        get: operations["getGroupedStandHour"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/sleep_breathing_disturbance/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** sleep_breathing_disturbance samples grouped by provider and source (paged). */
        get: operations["getGroupedSleepBreathingDisturbance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/hypnogram/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * hypnogram samples grouped by provider and source (paged).
         * @deprecated
         */
        get: operations["getGroupedHypnogram"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/insulin_injection/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** insulin_injection samples grouped by provider and source (paged). */
        get: operations["getGroupedInsulinInjection"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/note/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** note samples grouped by provider and source (paged). */
        get: operations["getGroupedNote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/workout_duration/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** workout_duration samples grouped by provider and source (paged). */
        get: operations["getGroupedWorkoutDuration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/{resource}/grouped": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Any slug not matched by the literal paths above. */
        get: operations["getGroupedTimeseries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/vo2_max": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** vo2_max samples as one ungrouped array (legacy). */
        get: operations["getLegacyVo2Max"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/stress_level": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** stress_level samples as one ungrouped array (legacy). */
        get: operations["getLegacyStressLevel"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/mindfulness_minutes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** mindfulness_minutes samples as one ungrouped array (legacy). */
        get: operations["getLegacyMindfulnessMinutes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/caffeine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** caffeine samples as one ungrouped array (legacy). */
        get: operations["getLegacyCaffeine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/water": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** water samples as one ungrouped array (legacy). */
        get: operations["getLegacyWater"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/steps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** steps samples as one ungrouped array (legacy). */
        get: operations["getLegacySteps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/floors_climbed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** floors_climbed samples as one ungrouped array (legacy). */
        get: operations["getLegacyFloorsClimbed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/distance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** distance samples as one ungrouped array (legacy). */
        get: operations["getLegacyDistance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/calories_basal": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** calories_basal samples as one ungrouped array (legacy). */
        get: operations["getLegacyCaloriesBasal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/calories_active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** calories_active samples as one ungrouped array (legacy). */
        get: operations["getLegacyCaloriesActive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/respiratory_rate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** respiratory_rate samples as one ungrouped array (legacy). */
        get: operations["getLegacyRespiratoryRate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/ige": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** ige samples as one ungrouped array (legacy). */
        get: operations["getLegacyIge"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/igg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** igg samples as one ungrouped array (legacy). */
        get: operations["getLegacyIgg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/hypnogram": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * hypnogram samples as one ungrouped array (legacy).
         * @deprecated
         */
        get: operations["getLegacyHypnogram"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/hrv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** hrv samples as one ungrouped array (legacy). */
        get: operations["getLegacyHrv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/heartrate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** heartrate samples as one ungrouped array (legacy). */
        get: operations["getLegacyHeartrate"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/glucose": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** glucose samples as one ungrouped array (legacy). */
        get: operations["getLegacyGlucose"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/cholesterol": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** cholesterol samples as one ungrouped array (legacy). */
        get: operations["getLegacyCholesterol"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/body_weight": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** body_weight samples as one ungrouped array (legacy). */
        get: operations["getLegacyBodyWeight"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/body_fat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** body_fat samples as one ungrouped array (legacy). */
        get: operations["getLegacyBodyFat"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/blood_oxygen": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** blood_oxygen samples as one ungrouped array (legacy). */
        get: operations["getLegacyBloodOxygen"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/electrocardiogram_voltage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** electrocardiogram_voltage samples as one ungrouped array (legacy). */
        get: operations["getLegacyElectrocardiogramVoltage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/blood_pressure": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** blood_pressure samples as one ungrouped array (legacy). */
        get: operations["getLegacyBloodPressure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/cholesterol/triglycerides": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** cholesterol/triglycerides samples as one ungrouped array (legacy). */
        get: operations["getLegacyCholesterolTriglycerides"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/cholesterol/total": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** cholesterol/total samples as one ungrouped array (legacy). */
        get: operations["getLegacyCholesterolTotal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/cholesterol/ldl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** cholesterol/ldl samples as one ungrouped array (legacy). */
        get: operations["getLegacyCholesterolLdl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/{user_id}/cholesterol/hdl": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** cholesterol/hdl samples as one ungrouped array (legacy). */
        get: operations["getLegacyCholesterolHdl"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/sleep/{sleep_id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The heart rate, HRV, hypnogram and respiratory rate samples of one sleep. */
        get: operations["getSleepStream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v2/timeseries/workouts/{workout_id}/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The per-second stream of one workout. */
        get: operations["getWorkoutStream"];
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
        ConnectorCapabilities: {
            slug: string;
            /** @enum {string} */
            auth_type: "oauth" | "password" | "email";
            pkce: boolean;
            /** @enum {string} */
            mode: "pull" | "push" | "push_and_pull";
            poll_minutes: number;
            rate_limit: {
                requests: number;
                window_seconds: number;
                /** @enum {string} */
                scope: "user" | "app";
            };
            webhooks: boolean;
            resources: {
                resource: string;
                backfill_days: number;
                scopes: string[];
            }[];
        };
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
        RefreshSuccess: {
            /** @enum {boolean} */
            success: true;
            /** Format: uuid */
            user_id: string;
            refreshed_sources: string[];
            in_progress_sources: string[];
            failed_sources: string[];
        };
        RefreshError: {
            /** @enum {boolean} */
            success: false;
            /** Format: uuid */
            user_id: string;
            error: string;
            failed_sources: string[] | null;
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
        /** @description `QueryBatch` of api-shapes §5: `{timeframe, queries, config?}`. The grammar (expressions told apart by their keys, the WHERE language) is checked by the query language, not by this schema, so that every issue carries its exact `loc`. */
        AggregationQueryBatch: {
            [key: string]: unknown;
        };
        /** @description Column-oriented table; every column array has one entry per row. */
        AggregationResult: {
            table: {
                [key: string]: unknown[];
            };
        };
        AggregationResults: {
            results: components["schemas"]["AggregationResult"][];
        };
        FhirCoding: {
            system: string;
            code: string;
            display?: string;
        };
        /** @description A FHIR R4 Observation (vital signs) as a continuous query run builds it. */
        ContinuousQueryFhirObservation: {
            /** @enum {string} */
            resourceType: "Observation";
            id: string;
            meta?: {
                profile?: string[];
            };
            /** @enum {string} */
            status: "final" | "preliminary";
            category: {
                coding?: components["schemas"]["FhirCoding"][];
            }[];
            code: {
                coding: components["schemas"]["FhirCoding"][];
                text?: string;
            };
            subject: {
                reference: string;
            };
            effectivePeriod: {
                start: string;
                end: string;
            };
            /** Format: date-time */
            issued: string;
            valueQuantity: {
                value: number;
                unit: string;
                system: string;
                code: string;
            };
            extension?: {
                url?: string;
                extension?: {
                    url?: string;
                    valueString?: string;
                }[];
            }[];
        };
        ContinuousQueryFhirBundle: {
            /** @enum {string} */
            resourceType: "Bundle";
            /** @enum {string} */
            type: "searchset";
            total: number;
            entry: {
                fullUrl: string;
                resource: components["schemas"]["ContinuousQueryFhirObservation"];
                search: {
                    /** @enum {string} */
                    mode?: "match";
                };
            }[];
        };
        ContinuousQueryTaskHistoryEntry: {
            /** Format: uuid */
            query_id: string;
            /** Format: uuid */
            user_id: string;
            /** @enum {string} */
            status: "scheduled" | "started" | "completed" | "error" | "skipped";
            /** Format: date-time */
            scheduled_at: string;
            /** Format: date-time */
            started_at: string | null;
            /** Format: date-time */
            ended_at: string | null;
            error_details: string | null;
        };
        ContinuousQueryTaskHistoryPage: {
            data: components["schemas"]["ContinuousQueryTaskHistoryEntry"][];
            next_cursor: string | null;
        };
        EventFeedItem: {
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            created_at: string;
            event: {
                event_type: string;
                data: {
                    [key: string]: unknown;
                };
                user_id: string;
                client_user_id: string;
                /** Format: uuid */
                team_id: string;
            };
        };
        EventFeedPage: {
            data: components["schemas"]["EventFeedItem"][];
            next_cursor: string | null;
        };
        UserResourcesPage: {
            data: components["schemas"]["UserResources"][];
            next_cursor: string | null;
            /**
             * @deprecated
             * @description Same as `next_cursor`.
             */
            next: string | null;
        };
        UserResources: {
            /** Format: uuid */
            user_id: string;
            /** @description Keyed by provider slug, then by Resource. */
            provider: {
                [key: string]: {
                    [key: string]: components["schemas"]["ResourceStats"];
                };
            };
        };
        ResourceStats: {
            last_attempt: {
                /** Format: date-time */
                timestamp: string;
                /** @enum {string} */
                status: "success" | "failure";
            } | null;
            /** Format: date-time */
            oldest_data: string | null;
            /** Format: date-time */
            newest_data: string | null;
            sent_count: number | null;
        };
        UserHistoricalPullsPage: {
            data: components["schemas"]["UserHistoricalPulls"][];
            next_cursor: string | null;
            /**
             * @deprecated
             * @description Same as `next_cursor`.
             */
            next: string | null;
        };
        UserHistoricalPulls: {
            /** Format: uuid */
            user_id: string;
            /** @description Keyed by provider (or lab) slug. */
            provider: {
                [key: string]: components["schemas"]["ProviderHistoricalPulls"];
            };
        };
        ProviderHistoricalPulls: {
            /** @description Keyed by Resource. */
            pulled: {
                [key: string]: components["schemas"]["PullStats"];
            };
            not_pulled: components["schemas"]["Resource"][];
        };
        PullStats: {
            status: components["schemas"]["HistoricalPullStatus"];
            /** Format: date-time */
            range_start: string | null;
            /** Format: date-time */
            range_end: string | null;
            timeline: {
                /** Format: date-time */
                scheduled_at: string;
                /** Format: date-time */
                started_at: string | null;
                /** Format: date-time */
                ended_at: string | null;
            };
            days_with_data: number;
            release: string;
            trace_id: string | null;
            /**
             * @description Retriable causes (status `retrying`): provider_rate_limit_exceeded, provider_unavailable, transport_failure, resource_contention. Non-retriable (status `failure`): non_retriable_error, unexpected_error, retry_quota_exhausted.
             * @enum {string|null}
             */
            error_details: "provider_rate_limit_exceeded" | "provider_unavailable" | "transport_failure" | "resource_contention" | "non_retriable_error" | "unexpected_error" | "retry_quota_exhausted" | null;
        };
        /**
         * @description Non-exhaustive.
         * @enum {string}
         */
        HistoricalPullStatus: "scheduled" | "in_progress" | "success" | "failure" | "retrying";
        /** @enum {string} */
        AreaInfoLab: "quest" | "labcorp" | "bioreference";
        /** @enum {string} */
        AppointmentProvider: "getlabs" | "phlebfinders" | "quest" | "sonora_quest";
        UsAddress: {
            first_line: string;
            second_line?: string | null;
            city: string;
            state: string;
            zip_code: string;
            unit?: string | null;
            access_notes?: string | null;
        };
        UsAddressOut: {
            first_line: string;
            second_line: string | null;
            city: string;
            state: string;
            zip_code: string;
            unit: string | null;
            access_notes: string | null;
        };
        AreaInfo: {
            zip_code: string;
            phlebotomy: {
                is_served: boolean;
                providers: components["schemas"]["PhlebotomyProviderInfo"][];
            };
            central_labs: {
                [key: string]: components["schemas"]["PscAreaInfo"];
            };
        };
        PhlebotomyProviderInfo: {
            name: components["schemas"]["AppointmentProvider"];
            service_types: ("appointment-ready" | "appointment-request")[];
        };
        PscAreaInfo: {
            patient_service_centers: {
                appointment_with_meridian: boolean;
                within_radius: number;
                radius: string;
                capabilities: ("stat" | "appointment_scheduling_via_meridian" | "appointment_scheduling_with_lab")[];
            };
            supported_bill_types: ("client_bill" | "commercial_insurance" | "patient_bill_passthrough" | "patient_bill")[];
            lab_id: number;
        };
        AvailabilitySlots: {
            slots: components["schemas"]["DaySlots"][];
            timezone: string | null;
        };
        DaySlots: {
            location: components["schemas"]["AppointmentLocation"];
            /** Format: date */
            date: string;
            slots: components["schemas"]["TimeSlot"][];
        };
        /** @description A service center; null for an at-home draw (the patient's address). */
        AppointmentLocation: {
            location: components["schemas"]["LngLat"];
            distance: number | null;
            address: components["schemas"]["UsAddressOut"];
            code: string;
            name: string;
            iana_timezone: string | null;
        } | null;
        TimeSlot: {
            booking_key: string | null;
            /** Format: date-time */
            start: string;
            /** Format: date-time */
            end: string;
            /** Format: date-time */
            expires_at: string | null;
            price: number;
            is_priority: boolean;
            num_appointments_available: number;
        };
        LngLat: {
            lng: number;
            lat: number;
        };
        BookAppointment: {
            booking_key: string;
            appointment_notes?: string | null;
            /** @default false */
            async_confirmation: boolean;
            sync_confirmation_timeout_millisecond?: number;
            async_confirmation_timeout_millisecond?: number;
        };
        RequestAppointment: {
            address: components["schemas"]["UsAddress"];
            provider: components["schemas"]["AppointmentProvider"];
            appointment_notes?: string | null;
        };
        RescheduleAppointment: {
            booking_key: string;
            appointment_notes?: string | null;
        };
        CancelAppointment: {
            /** Format: uuid */
            cancellation_reason_id: string;
            notes?: string | null;
        };
        CancellationReason: {
            /** Format: uuid */
            id: string;
            name: string;
            is_refundable: boolean;
        };
        Appointment: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            /** Format: uuid */
            order_id: string;
            address: components["schemas"]["UsAddressOut"];
            location: components["schemas"]["LngLat"];
            /** Format: date-time */
            start_at: string | null;
            /** Format: date-time */
            end_at: string | null;
            iana_timezone: string | null;
            /** @enum {string} */
            type: "phlebotomy" | "patient_service_center";
            /** @enum {string} */
            service_type: "appointment-ready" | "appointment-request";
            provider: components["schemas"]["AppointmentProvider"];
            /** @enum {string} */
            status: "pending" | "reserved" | "confirmed" | "in_progress" | "completed" | "cancelled";
            provider_id: string;
            external_id: string | null;
            can_reschedule: boolean;
            appointment_notes: string | null;
            event_status: components["schemas"]["AppointmentEventStatus"];
            event_data: {
                [key: string]: unknown;
            } | null;
            events: components["schemas"]["AppointmentEvent"][];
        };
        /** @enum {string} */
        AppointmentEventStatus: "pending" | "reserved" | "scheduled" | "in_progress" | "completed" | "cancelled";
        AppointmentEvent: {
            /** Format: date-time */
            created_at: string;
            status: components["schemas"]["AppointmentEventStatus"];
            data: {
                [key: string]: unknown;
            } | null;
        };
        BookingLinkRequest: {
            /**
             * @description Lifetime of the link in seconds.
             * @default 604800
             */
            expires_in: number;
        };
        BookingLink: {
            url: string;
            /** Format: date-time */
            expires_at: string;
        };
        BookingPageSlot: {
            booking_key: string;
        };
        BookingPageCancel: {
            /** Format: uuid */
            cancellation_reason_id: string;
        };
        BookingPageState: {
            order: {
                /** Format: uuid */
                id: string;
                status: components["schemas"]["OrderLowLevelStatus"];
                status_group: components["schemas"]["OrderTopLevelStatus"];
            };
            team: {
                name: string;
                brand_information: components["schemas"]["BrandInformation"];
            };
            /** @description Where the phlebotomist comes (the order's patient address). */
            address: {
                first_line: string;
                second_line: string | null;
                city: string;
                state: string;
                zip_code: string;
            };
            appointment: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                status: "pending" | "reserved" | "confirmed" | "in_progress" | "completed" | "cancelled";
                /** Format: date-time */
                start_at: string | null;
                /** Format: date-time */
                end_at: string | null;
                iana_timezone: string | null;
                /** @enum {string} */
                service_type: "appointment-ready" | "appointment-request";
                provider: components["schemas"]["AppointmentProvider"];
            } | null;
            /** @enum {string} */
            step: "manage" | "book" | "request" | "not_ready" | "not_served" | "done";
            can_reschedule: boolean;
            can_cancel: boolean;
            cancellation_reasons: {
                /** Format: uuid */
                id: string;
                name: string;
            }[];
            /** Format: date-time */
            expires_at: string;
        };
        LabDocumentInvalidStateError: {
            detail: {
                /** @enum {string} */
                error_type: "invalid_state";
                error_message: string;
                status: string;
            };
        };
        /** @description A date (`YYYY-MM-DD`, UTC day) or a date-time. */
        OrderDateBound: string;
        /** @enum {string} */
        OrderInterpretation: "normal" | "abnormal" | "critical" | "unknown";
        /** @enum {string} */
        OrderTopLevelStatus: "received" | "collecting_sample" | "sample_with_lab" | "completed" | "cancelled" | "failed";
        /** @enum {string} */
        OrderLowLevelStatus: "ordered" | "requisition_created" | "requisition_bypassed" | "transit_customer" | "out_for_delivery" | "with_customer" | "transit_lab" | "delivered_to_lab" | "completed" | "failure_to_deliver_to_lab" | "failure_to_deliver_to_customer" | "problem_in_transit_lab" | "problem_in_transit_customer" | "sample_error" | "appointment_scheduled" | "appointment_cancelled" | "appointment_pending" | "draw_completed" | "cancelled" | "lost" | "do_not_process" | "partial_results" | "awaiting_registration" | "registered" | "redraw_available" | "corrected" | "lab_processing_blocked";
        /**
         * @description `<top level>.<collection method>.<low level>` (§6.5), for each method the statuses it has.
         * @enum {string}
         */
        OrderStatus: "received.at_home_phlebotomy.ordered" | "received.at_home_phlebotomy.requisition_created" | "received.at_home_phlebotomy.requisition_bypassed" | "collecting_sample.at_home_phlebotomy.appointment_pending" | "collecting_sample.at_home_phlebotomy.appointment_scheduled" | "collecting_sample.at_home_phlebotomy.draw_completed" | "collecting_sample.at_home_phlebotomy.appointment_cancelled" | "sample_with_lab.at_home_phlebotomy.partial_results" | "completed.at_home_phlebotomy.completed" | "completed.at_home_phlebotomy.corrected" | "failed.at_home_phlebotomy.sample_error" | "cancelled.at_home_phlebotomy.cancelled" | "received.walk_in_test.ordered" | "received.walk_in_test.requisition_created" | "received.walk_in_test.requisition_bypassed" | "collecting_sample.walk_in_test.appointment_pending" | "collecting_sample.walk_in_test.appointment_scheduled" | "collecting_sample.walk_in_test.appointment_cancelled" | "collecting_sample.walk_in_test.redraw_available" | "sample_with_lab.walk_in_test.partial_results" | "completed.walk_in_test.completed" | "completed.walk_in_test.corrected" | "failed.walk_in_test.sample_error" | "cancelled.walk_in_test.cancelled" | "received.testkit.ordered" | "received.testkit.awaiting_registration" | "received.testkit.requisition_created" | "received.testkit.requisition_bypassed" | "received.testkit.registered" | "collecting_sample.testkit.transit_customer" | "collecting_sample.testkit.out_for_delivery" | "collecting_sample.testkit.with_customer" | "collecting_sample.testkit.transit_lab" | "collecting_sample.testkit.problem_in_transit_customer" | "collecting_sample.testkit.problem_in_transit_lab" | "sample_with_lab.testkit.delivered_to_lab" | "sample_with_lab.testkit.lab_processing_blocked" | "completed.testkit.completed" | "completed.testkit.corrected" | "failed.testkit.failure_to_deliver_to_customer" | "failed.testkit.failure_to_deliver_to_lab" | "failed.testkit.sample_error" | "failed.testkit.lost" | "cancelled.testkit.cancelled" | "cancelled.testkit.do_not_process" | "received.on_site_collection.ordered" | "received.on_site_collection.requisition_created" | "received.on_site_collection.requisition_bypassed" | "sample_with_lab.on_site_collection.draw_completed" | "sample_with_lab.on_site_collection.partial_results" | "completed.on_site_collection.completed" | "completed.on_site_collection.corrected" | "failed.on_site_collection.sample_error" | "cancelled.on_site_collection.cancelled";
        /** @enum {string} */
        OrderStatusDetail: "fulfillment_error" | "date_of_collection_unspecified" | "demographic_information_unspecified" | "demographic_information_mismatch" | "sample_quantity_not_sufficient" | "sample_contaminated" | "sample_stability_exceeded" | "sample_hemolyzed" | "sample_improper_collection";
        /** @enum {string} */
        OrderBillingType: "client_bill" | "commercial_insurance" | "patient_bill_passthrough" | "patient_bill";
        OrderAddressInput: {
            receiver_name?: string;
            first_line: string;
            second_line?: string | null;
            city: string;
            state: string;
            zip: string;
            country: string;
            phone_number?: string | null;
            access_notes?: string | null;
        };
        OrderGuarantorInput: {
            first_name: string;
            last_name: string;
            address: {
                first_line: string;
                second_line?: string | null;
                city: string;
                state: string;
                zip: string;
                country: string;
            };
            phone_number: string;
            email?: string | null;
            household_income?: number | null;
            household_size?: number | null;
        } | null;
        OrderPatientDetailsInput: {
            first_name: string;
            last_name: string;
            /** Format: date */
            dob: string;
            /** @enum {string} */
            gender: "female" | "male" | "other" | "unknown";
            phone_number: string;
            email: string;
            medical_proxy?: components["schemas"]["OrderGuarantorInput"];
            /** @enum {string|null} */
            race?: "african_american_or_black" | "asian" | "indigenous_native_american_alaska_native" | "other" | "pacific_islander_or_hawaiian" | "white_caucasian" | null;
            /** @enum {string|null} */
            ethnicity?: "hispanic" | "non_hispanic" | "ashkenazi_jewish" | "other" | null;
            /** @enum {string|null} */
            sexual_orientation?: "lesbian_gay_or_homosexual" | "heterosexual_or_straight" | "bisexual" | "dont_know" | "other" | null;
            /** @enum {string|null} */
            gender_identity?: "male" | "female" | "female_to_male_ftm_transgender_male_trans_man" | "male_to_female_mtf_transgender_female_trans_woman" | "genderqueer" | "other" | null;
            household_income?: number | null;
            household_size?: number | null;
        };
        CreateOrder: {
            /** Format: uuid */
            user_id: string;
            /** Format: uuid */
            lab_test_id?: string | null;
            /** @description Lab tests and add-on markers ordered as one (see POST /v3/lab_tests/list_order_set_markers). */
            order_set?: {
                lab_test_ids?: string[];
                add_on?: {
                    marker_ids?: number[];
                    provider_ids?: string[];
                };
            } | null;
            /** @enum {string|null} */
            collection_method?: "testkit" | "walk_in_test" | "at_home_phlebotomy" | "on_site_collection" | null;
            patient_details: components["schemas"]["OrderPatientDetailsInput"];
            patient_address: components["schemas"]["OrderAddressInput"];
            physician?: {
                first_name: string;
                last_name: string;
                npi: string;
                email?: string | null;
                licensed_states?: string[] | null;
                signature_image?: {
                    /** @description Base64. */
                    content: string;
                    /** @enum {string} */
                    content_type: "image/jpeg" | "image/png";
                } | null;
            } | null;
            /** @default false */
            priority: boolean;
            billing_type?: components["schemas"]["OrderBillingType"];
            icd_codes?: string[] | null;
            consents?: {
                /** @enum {string} */
                consentType: "terms-of-use" | "telehealth-informed-consent" | "mobile-terms-and-conditions" | "notice-of-privacy-practices" | "privacy-policy" | "hipaa-authorization";
                /** @default 1.0 */
                version: string;
                /** Format: date-time */
                timeOfConsent?: string;
            }[];
            /** Format: date */
            activate_by?: string | null;
            aoe_answers?: {
                marker_id: number;
                question_id: number;
                answer: string;
            }[] | null;
            passthrough?: string | null;
            clinical_notes?: string | null;
            /** Format: uuid */
            creator_member_id?: string | null;
            /** @description Insurance is out of scope for now; stored as given (at most 64 KiB). */
            health_insurance?: {
                [key: string]: unknown;
            } | null;
        };
        ImportOrder: {
            /** Format: uuid */
            user_id: string;
            /** Format: uuid */
            lab_test_id?: string | null;
            /** @description Lab tests and add-on markers ordered as one (see POST /v3/lab_tests/list_order_set_markers). */
            order_set?: {
                lab_test_ids?: string[];
                add_on?: {
                    marker_ids?: number[];
                    provider_ids?: string[];
                };
            } | null;
            /** @enum {string|null} */
            collection_method?: "testkit" | "walk_in_test" | "at_home_phlebotomy" | "on_site_collection" | null;
            patient_details: components["schemas"]["OrderPatientDetailsInput"];
            patient_address: components["schemas"]["OrderAddressInput"];
            physician?: {
                first_name: string;
                last_name: string;
                npi: string;
                email?: string | null;
                licensed_states?: string[] | null;
                signature_image?: {
                    /** @description Base64. */
                    content: string;
                    /** @enum {string} */
                    content_type: "image/jpeg" | "image/png";
                } | null;
            } | null;
            /** @default false */
            priority: boolean;
            billing_type?: components["schemas"]["OrderBillingType"];
            icd_codes?: string[] | null;
            consents?: {
                /** @enum {string} */
                consentType: "terms-of-use" | "telehealth-informed-consent" | "mobile-terms-and-conditions" | "notice-of-privacy-practices" | "privacy-policy" | "hipaa-authorization";
                /** @default 1.0 */
                version: string;
                /** Format: date-time */
                timeOfConsent?: string;
            }[];
            /** Format: date */
            activate_by?: string | null;
            aoe_answers?: {
                marker_id: number;
                question_id: number;
                answer: string;
            }[] | null;
            passthrough?: string | null;
            clinical_notes?: string | null;
            /** Format: uuid */
            creator_member_id?: string | null;
            /** @description Insurance is out of scope for now; stored as given (at most 64 KiB). */
            health_insurance?: {
                [key: string]: unknown;
            } | null;
            status: components["schemas"]["OrderStatus"];
            /** @enum {string|null} */
            status_detail?: "fulfillment_error" | "date_of_collection_unspecified" | "demographic_information_unspecified" | "demographic_information_mismatch" | "sample_quantity_not_sufficient" | "sample_contaminated" | "sample_stability_exceeded" | "sample_hemolyzed" | "sample_improper_collection" | null;
            sample_id?: string | null;
            /** @enum {string|null} */
            origin?: "initial" | "redraw" | "recreation" | null;
            notes?: string | null;
        };
        PatchOrder: {
            patient_details?: components["schemas"]["OrderPatientDetailsInput"];
            patient_address?: components["schemas"]["OrderAddressInput"];
            notes?: string | null;
            clinical_notes?: string | null;
            passthrough?: string | null;
        };
        /** @description `receiver_name` not given is `""` in `patient_address` and the patient's name in a test kit's `shipping_details`; `phone_number` not given is the patient's (`patient_details.phone_number`). */
        OrderAddress: {
            receiver_name: string;
            first_line: string;
            second_line: string | null;
            city: string;
            state: string;
            zip: string;
            country: string;
            phone_number: string;
        } | null;
        OrderEvent: {
            id: number;
            /** Format: date-time */
            created_at: string;
            status: components["schemas"]["OrderStatus"];
            /** @enum {string|null} */
            status_detail: "fulfillment_error" | "date_of_collection_unspecified" | "demographic_information_unspecified" | "demographic_information_mismatch" | "sample_quantity_not_sufficient" | "sample_contaminated" | "sample_stability_exceeded" | "sample_hemolyzed" | "sample_improper_collection" | null;
        };
        OrderShipment: {
            /** Format: uuid */
            id: string;
            outbound_tracking_number?: string | null;
            outbound_tracking_url?: string | null;
            inbound_tracking_number?: string | null;
            inbound_tracking_url?: string | null;
            outbound_courier?: string | null;
            inbound_courier?: string | null;
            notes?: string | null;
        } | null;
        /** @description The method-specific record of the order, tagged on `type`. */
        OrderDetails: {
            /** @enum {string} */
            type: "at_home_phlebotomy" | "walk_in_test";
            data: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                appointment_id: string | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
            } | null;
        } | {
            /** @enum {string} */
            type: "testkit";
            data: {
                /** Format: uuid */
                id: string;
                shipment: components["schemas"]["OrderShipment"];
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
            } | null;
        } | {
            /** @enum {string} */
            type: "on_site_collection";
            data: {
                /** Format: uuid */
                id: string;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
            } | null;
        };
        Order: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            /** Format: uuid */
            team_id: string;
            patient_details: {
                /** Format: date */
                dob: string;
                gender: string;
                first_name: string;
                last_name: string;
                phone_number: string | null;
                email: string | null;
                medical_proxy: {
                    [key: string]: unknown;
                } | null;
                race: string | null;
                ethnicity: string | null;
                sexual_orientation: string | null;
                gender_identity: string | null;
            } | null;
            patient_address: components["schemas"]["OrderAddress"];
            lab_test: components["schemas"]["LabTest"];
            details: components["schemas"]["OrderDetails"];
            sample_id: string | null;
            notes: string | null;
            clinical_notes: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /** @enum {string|null} */
            status: "received" | "collecting_sample" | "sample_with_lab" | "completed" | "cancelled" | "failed" | null;
            events: components["schemas"]["OrderEvent"][];
            last_event: components["schemas"]["OrderEvent"];
            physician: {
                first_name: string;
                last_name: string;
                npi: string;
            } | null;
            /** Format: uuid */
            health_insurance_id: string | null;
            requisition_form_url: string | null;
            priority: boolean;
            shipping_details: components["schemas"]["OrderAddress"];
            /** Format: date */
            activate_by: string | null;
            passthrough: string | null;
            billing_type: components["schemas"]["OrderBillingType"];
            icd_codes: string[] | null;
            has_abn: boolean;
            /** @enum {string|null} */
            interpretation: "normal" | "abnormal" | "critical" | "unknown" | null;
            has_missing_results: boolean | null;
            /** Format: date */
            expected_result_by_date: string | null;
            /** Format: date */
            worst_case_result_by_date: string | null;
            /** @enum {string|null} */
            origin: "initial" | "redraw" | "recreation" | null;
        };
        PostOrderResponse: {
            order: components["schemas"]["Order"];
            /** @enum {string} */
            status: "success";
            message: string;
        };
        OrdersPage: {
            orders: components["schemas"]["Order"][];
            total: number;
            page: number;
            size: number;
        };
        LabResultsMetadata: {
            age: string;
            dob: string;
            "clia_#": string | null;
            patient: string;
            provider: string | null;
            laboratory: string | null;
            date_reported: string;
            date_collected: string | null;
            specimen_number: string;
            date_received: string | null;
            status: string;
            interpretation: string | null;
            patient_id: string | null;
            account_id: string | null;
        };
        LabResultSourceMarker: {
            marker_id: number;
            name: string;
            slug: string;
            provider_id: string | null;
        };
        BiomarkerResult: {
            name: string;
            slug: string;
            value: number | null;
            result: string;
            /** @enum {string} */
            type: "numeric" | "range" | "comment" | "coded_value";
            unit: string | null;
            /** Format: date-time */
            timestamp: string | null;
            notes: string | null;
            reference_range: string | null;
            min_range_value: number | null;
            max_range_value: number | null;
            is_above_max_range: boolean | null;
            is_below_min_range: boolean | null;
            interpretation: components["schemas"]["OrderInterpretation"];
            source_interpretation: string;
            loinc: string | null;
            loinc_slug: string | null;
            provider_id: string | null;
            source_markers: components["schemas"]["LabResultSourceMarker"][] | null;
            performing_laboratory: string | null;
            source_sample_id: string | null;
        };
        MissingBiomarkerResult: {
            name: string;
            slug: string;
            /** @enum {string} */
            inferred_failure_type: "quantity_not_sufficient_failure" | "collection_process_failure" | "drop_off_failure" | "internal_lab_failure" | "order_entry_failure" | "non_failure" | "unknown_failure" | "patient_condition_failure" | "missing_result_calc_failure" | "missing_demo_aoe_calc_failure" | "insufficient_volume";
            note: string | null;
            loinc: string | null;
            loinc_slug: string | null;
            provider_id: string | null;
            source_markers: components["schemas"]["LabResultSourceMarker"][] | null;
        };
        LabResults: {
            metadata: components["schemas"]["LabResultsMetadata"];
            results: components["schemas"]["BiomarkerResult"][];
            missing_results: components["schemas"]["MissingBiomarkerResult"][] | null;
            /** @description `Record<string, SampleData | null>` by sample id. */
            sample_information: {
                [key: string]: unknown;
            } | null;
        };
        PscBookAppointment: {
            booking_key: string;
            appointment_notes?: string | null;
        };
        PscCancelAppointment: {
            /** Format: uuid */
            cancellationReasonId: string;
            note?: string | null;
        };
        PscCenter: {
            location: components["schemas"]["LngLat"];
            distance: number | null;
            address: components["schemas"]["UsAddressOut"];
            code: string;
            name: string;
            iana_timezone: string | null;
            accepts_appointments: boolean;
        };
        PscInfo: {
            zip_code: string;
            lab_id: number;
            lab: string;
            patient_service_centers: {
                appointment_with_meridian: boolean;
                within_radius: number;
                radius: string;
                capabilities: ("stat" | "appointment_scheduling_via_meridian" | "appointment_scheduling_with_lab")[];
            };
            supported_bill_types: ("client_bill" | "commercial_insurance" | "patient_bill_passthrough" | "patient_bill")[];
            centers: components["schemas"]["PscCenter"][];
        };
        LabReportUpload: {
            /** @description One PDF/JPEG/PNG, or up to 8 JPEG/PNG parts merged in order into one document (more parts: 400 `too_many_files`; the schema's bound only caps what the parser reads). */
            file: string | string[];
            /** Format: uuid */
            user_id: string;
            /**
             * @default false
             * @enum {string}
             */
            needs_human_review: "true" | "false";
        };
        ParsingJob: {
            /**
             * Format: uuid
             * @description Same value as job_id.
             */
            id: string;
            /** Format: uuid */
            job_id: string;
            /** @enum {string} */
            status: "upload_pending" | "started" | "completed" | "failed";
            /** @enum {string|null} */
            failure_reason: "invalid_input" | "low_quality" | "not_english" | "too_many_pages" | "processing_error" | null;
            /** @description The parsed report; null until the job is completed. */
            data: {
                metadata: components["schemas"]["ReportMetadata"];
                results: components["schemas"]["ReportResult"][];
            } | null;
            needs_human_review: boolean;
            is_reviewed: boolean;
        };
        ReportMetadata: {
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
        ReportResult: {
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
            loinc_matches: components["schemas"]["LoincMatch"][];
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
        LoincMatch: {
            loinc_code: string;
            loinc_name: string;
            display_name: string;
            aliases: string[];
            confidence_score: number;
        };
        RegisterTestkit: {
            sample_id: string;
            /** Format: uuid */
            user_id: string;
            patient_details: components["schemas"]["OrderPatientDetailsInput"];
            patient_address: components["schemas"]["OrderAddressInput"];
            physician?: {
                first_name: string;
                last_name: string;
                npi: string;
                email?: string | null;
            } | null;
            consents?: {
                /** @enum {string} */
                consentType: "terms-of-use" | "telehealth-informed-consent" | "mobile-terms-and-conditions" | "notice-of-privacy-practices" | "privacy-policy" | "hipaa-authorization";
                /** @default 1.0 */
                version: string;
                /** Format: date-time */
                timeOfConsent?: string;
            }[];
        };
        /** @enum {string} */
        CollectionMethod: "testkit" | "walk_in_test" | "at_home_phlebotomy" | "on_site_collection";
        /** @enum {string} */
        LabTestStatus: "active" | "pending_approval" | "inactive";
        /** @enum {string} */
        LabTestSampleType: "dried_blood_spot" | "arm_collector" | "serum" | "saliva" | "urine";
        Marker: {
            id: number;
            name: string;
            slug: string;
            /** @description The lab's order code. */
            provider_id: string | null;
        };
        LabListing: {
            id: number;
            slug: string;
            name: string;
            collection_methods: components["schemas"]["CollectionMethod"][];
            sample_types: components["schemas"]["LabTestSampleType"][];
        };
        LabTest: {
            /** Format: uuid */
            id: string;
            slug: string;
            name: string;
            sample_type: components["schemas"]["LabTestSampleType"];
            method: components["schemas"]["CollectionMethod"];
            /** @description US dollars. */
            price: number;
            is_active: boolean;
            status: components["schemas"]["LabTestStatus"];
            fasting: boolean;
            /** @description The `Lab` that performs the test. */
            lab: {
                slug: string;
                name: string;
            } | null;
            markers: components["schemas"]["Marker"][] | null;
            is_delegated: boolean;
            auto_generated: boolean;
            has_collection_instructions: boolean;
            common_tat_days: number | null;
            worst_case_tat_days: number | null;
        };
        LabTestPage: {
            data: components["schemas"]["LabTest"][];
            next_cursor: string | null;
            /**
             * @deprecated
             * @description Same as `next_cursor`.
             */
            next: string | null;
        };
        MarkersPage: {
            markers: components["schemas"]["Marker"][];
            total: number;
            page: number;
            size: number;
        };
        LabTestCreate: {
            name: string;
            method: components["schemas"]["CollectionMethod"];
            marker_ids?: number[];
            provider_ids?: string[];
            lab_id?: number;
            sample_type?: components["schemas"]["LabTestSampleType"];
            fasting?: boolean;
        };
        LabTestPatch: {
            name?: string;
            status?: components["schemas"]["LabTestStatus"];
            fasting?: boolean;
        };
        OrderSet: {
            lab_test_ids?: string[];
            add_on?: {
                marker_ids?: number[];
                provider_ids?: string[];
            };
        };
        /** @enum {string} */
        ProviderSlug: "oura" | "fitbit" | "garmin" | "whoop" | "strava" | "renpho" | "peloton" | "wahoo" | "zwift" | "freestyle_libre" | "abbott_libreview" | "freestyle_libre_ble" | "eight_sleep" | "withings" | "apple_health_kit" | "manual" | "ihealth" | "google_fit" | "beurer_api" | "beurer_ble" | "omron" | "omron_ble" | "onetouch_ble" | "accuchek_ble" | "contour_ble" | "dexcom" | "dexcom_v3" | "hammerhead" | "my_fitness_pal" | "health_connect" | "polar" | "cronometer" | "kardia" | "whoop_v2" | "ultrahuman" | "my_fitness_pal_v2" | "map_my_fitness" | "runkeeper" | "tandem_source" | "samsung_health" | "google_health";
        /** @description Unknown keys are ignored. */
        LinkTokenRequest: {
            /** Format: uuid */
            user_id: string;
            provider?: components["schemas"]["ProviderSlug"];
            redirect_url?: string;
            filter_on_providers?: string[];
            /** @enum {string} */
            on_error?: "redirect";
            /** @enum {string} */
            on_close?: "redirect";
        };
        LinkTokenResponse: {
            link_token: string;
            link_web_url: string;
        };
        LinkSource: {
            /** @description The provider's 1-based position in the ProviderSlug enum (stable). */
            id: number;
            name: string;
            slug: string;
            description: string;
            logo: string;
            group: string | null;
            oauth_url: string | null;
            /** @enum {string|null} */
            auth_type: "oauth" | "team_oauth" | "sdk" | "password" | "email" | "app" | null;
            /** @enum {string|null} */
            source_type: "app" | "ble" | "device" | "lab" | "provider" | null;
            is_active: boolean;
            /** @description How far back the historical pull goes (the longest of the provider's streams). */
            backfill_num_days: number | null;
        };
        ProviderMfa: {
            /** @enum {string} */
            method: "sms" | "email";
            hint: string;
        } | null;
        ProviderLinkResponse: {
            /** @enum {string} */
            state: "success" | "error" | "pending_provider_mfa";
            redirect_url: string | null;
            /** @enum {string|null} */
            error_type: "invalid_token" | "token_expired" | "token_not_validated" | "token_consumed" | "provider_credential_error" | "provider_password_expired" | "provider_api_error" | "unsupported_region" | "duplicate_connection" | "required_scopes_not_granted" | "incorrect_mfa_code" | "user_cancelled" | null;
            error: string | null;
            provider_mfa: components["schemas"]["ProviderMfa"];
            provider: string;
            connected: boolean;
            /** @description The provider's account id when known. */
            provider_id: string | null;
        };
        LinkState: {
            /** @enum {string} */
            status: "pending" | "connected" | "error" | "pending_provider_mfa";
            provider: string | null;
            error_type: string | null;
            error: string | null;
            provider_mfa: components["schemas"]["ProviderMfa"];
            connected_providers: string[];
        };
        LinkStart: {
            team: {
                name: string;
                brand_information: components["schemas"]["BrandInformation"];
                logo_url: string | null;
            };
            /** @enum {string} */
            environment: "production" | "sandbox";
            providers: components["schemas"]["LinkSource"][];
            provider: string | null;
            redirect_url: string | null;
            /** @enum {string|null} */
            on_error: "redirect" | null;
            /** @enum {string|null} */
            on_close: "redirect" | null;
            state: components["schemas"]["LinkState"];
        };
        /** @enum {string} */
        DemoProviderSlug: "apple_health_kit" | "fitbit" | "freestyle_libre" | "oura";
        /** @description Unknown keys are ignored. */
        DemoConnectRequest: {
            /** Format: uuid */
            user_id: string;
            provider: components["schemas"]["DemoProviderSlug"];
        };
        DemoConnectResponse: {
            success: boolean;
            detail: string;
        };
        SignInTokenResponse: {
            /** Format: uuid */
            user_id: string;
            sign_in_token: string;
        };
        /** @description The app installation signing in; optional fields describe it for GET /v2/user/{user_id}/device. */
        SdkDeviceDescription: {
            /** @description The app's own stable id for this install (e.g. identifierForVendor or a stored UUID). */
            installation_id: string;
            name?: string | null;
            model?: string | null;
            os?: string | null;
            os_version?: string | null;
            app_id?: string | null;
            app_version?: string | null;
            sdk_version?: string | null;
        };
        /** @description `sign_in_token` grant: `sign_in_token` and `device`. `refresh_token` grant: `refresh_token` only. */
        SdkTokenRequest: {
            /** @enum {string} */
            grant_type: "sign_in_token" | "refresh_token";
            sign_in_token?: string;
            refresh_token?: string;
            device?: components["schemas"]["SdkDeviceDescription"];
        };
        SdkTokenResponse: {
            access_token: string;
            /** @enum {string} */
            token_type: "Bearer";
            expires_in: number;
            refresh_token: string;
            refresh_expires_in: number;
            /** Format: uuid */
            user_id: string;
            /** Format: uuid */
            device_id: string;
            /** Format: uuid */
            team_id: string;
            /** @enum {string} */
            environment: "production" | "sandbox";
        };
        SdkRevokeRequest: {
            token: string;
        };
        SdkPushRequest: {
            /** @description Chosen by the app, unique per device (a UUID is a good choice); a resend reuses it. */
            batch_id: string;
            /**
             * Format: date-time
             * @description The device clock when the batch was sent (clock-skew diagnosis only).
             */
            sent_at?: string;
            /** @description The phone's IANA time zone now, for records without their own zone or offset. */
            time_zone?: string;
            resources: components["schemas"]["SdkPushResource"][];
        };
        SdkPushResource: {
            /** @description A Meridian resource name (`heartrate`, `steps`, `sleep`, `workouts`, …) the provider can push. */
            resource: string;
            /** @description The platform's opaque checkpoint after these records (HealthKit anchor, Health Connect changes token). */
            anchor: string | null;
            /** @description This resource's first (historical) upload continues in a later batch (absent = false). */
            more_history?: boolean;
            /** @description The provider's native records: `HealthKitRecord` (apple_health_kit), `HealthConnectRecord` (health_connect) or `SamsungHealthRecord` (samsung_health). They are validated by the mapper (422 per record), not here. */
            records: Record<string, never>[];
        };
        SdkPushResponse: {
            batch_id: string;
            results: components["schemas"]["SdkPushResourceResult"][];
        };
        SdkPushResourceResult: {
            resource: string;
            /** @enum {string} */
            status: "stored" | "no_new_data" | "failed";
            acknowledged_anchor: string | null;
            records_received: number;
            samples_created: number;
            samples_updated: number;
            samples_unchanged: number;
            samples_dropped: number;
            error: {
                type: string;
                message: string;
            } | null;
        };
        /** @description The spec's `Device[]` (a bare array). */
        SdkDeviceList: components["schemas"]["SdkDevice"][];
        /** @description The spec's `Device` (`id`, `user_id`, `provider`, `source_type`, `app_id`, `device_manufacturer`, `device_model`, `device_version`, `device_id`) for an app installation signed in with the mobile SDK, with the installation's own description and its sync status. */
        SdkDevice: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            /** @description The mobile provider the device pushes for: the one of its latest push; before any push, by its `os` (Android: `health_connect`, else `apple_health_kit`). */
            provider: string;
            /**
             * @description An app installation is a phone (the spec's `SourceType`).
             * @enum {string}
             */
            source_type: "phone";
            /** @description `Apple` for an iOS device or a HealthKit push; null where the installation does not say. */
            device_manufacturer: string | null;
            /** @description The installation's `model`. */
            device_model: string | null;
            /** @description The installation's `os_version`. */
            device_version: string | null;
            /** @description The installation's `installation_id` (the app's own stable id for this install). */
            device_id: string | null;
            installation_id: string;
            name: string | null;
            model: string | null;
            os: string | null;
            os_version: string | null;
            app_id: string | null;
            app_version: string | null;
            sdk_version: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            last_seen_at: string | null;
            /** Format: date-time */
            last_push_at: string | null;
            /**
             * Format: date-time
             * @description When the device was signed out (null while signed in).
             */
            revoked_at: string | null;
            /** @description Server receipt minus the device's `sent_at` of its latest batch that sent one (positive = device clock behind). */
            clock_skew_seconds: number | null;
            sync_status: components["schemas"]["SdkSyncStatus"][];
        };
        SdkSyncStatus: {
            /** @enum {string} */
            provider: "apple_health_kit" | "health_connect" | "samsung_health";
            resource: string;
            acknowledged_anchor: string | null;
            /** Format: date-time */
            acknowledged_at: string | null;
            /** Format: date-time */
            last_push_at: string | null;
            last_batch_id: string | null;
            /** @description Samples and summaries this device created or changed for the resource. */
            records_stored: number;
            /** Format: date-time */
            historical_push_completed_at: string | null;
            last_error: {
                type: string;
                message: string;
                /** Format: date-time */
                at: string;
            } | null;
        };
        /** @description One Apple HealthKit sample (HKSample) as the app read it, serialised as JSON: `sampleType` is the type identifier, `quantity` + `unit` the HKQuantity in an HKUnit unit string, exactly as HealthKit returns it (no conversion on the phone). Accepted per resource: heartrate ← HKQuantityTypeIdentifierHeartRate, RestingHeartRate (sample type `resting`), WalkingHeartRateAverage (`walking`); steps ← StepCount; calories_active ← ActiveEnergyBurned; calories_basal ← BasalEnergyBurned; distance ← DistanceWalkingRunning, DistanceCycling, DistanceSwimming, DistanceWheelchair, DistanceDownhillSnowSports; floors_climbed ← FlightsClimbed; blood_oxygen ← OxygenSaturation (unit `%` is a fraction: 0.97 = 97 %; 97 is refused); weight ← BodyMass; fat ← BodyFatPercentage (`%` fraction); glucose ← BloodGlucose (`mg/dL` or `mmol<180.15588000005408>/L`); hrv ← HeartRateVariabilitySDNN (sample type `sdnn`: HealthKit measures SDNN, not RMSSD); respiratory_rate ← RespiratoryRate; body_temperature ← BodyTemperature (`metadata.HKBodyTemperatureSensorLocation` → sensor_location); basal_body_temperature, vo2_max, water (DietaryWater), body_mass_index, lean_body_mass, caffeine, carbohydrates ← their quantity types; mindfulness_minutes ← HKCategoryTypeIdentifierMindfulSession; blood_pressure ← HKCorrelationTypeIdentifierBloodPressure with `objects` (systolic and diastolic samples); sleep ← HKCategoryTypeIdentifierSleepAnalysis (`value` 0 inBed, 1 asleepUnspecified, 2 awake, 3 asleepCore, 4 asleepDeep, 5 asleepREM; samples of one app — Apple's iPhone and Watch count as one — with gaps under an hour form one sleep, its provider_id the earliest sample's uuid; overlapping samples count once, the most specific stage winning); workouts ← HKWorkoutTypeIdentifier; body ← BodyMass, BodyFatPercentage, BodyMassIndex, LeanBodyMass, WaistCircumference (one body summary per app and instant); profile ← HKCharacteristicTypeIdentifierBiologicalSex, DateOfBirth, WheelchairUse (`value` only) and HKQuantityTypeIdentifierHeight (the latest). Local time: `metadata.HKTimeZone`, else an offset written in `startDate` (`Z` counts as unknown), else the batch's `time_zone`. Source: `sourceRevision.source.bundleIdentifier` is the app id; the device model picks the source type (watch, phone, ring, scale, cuff, ...; other apps: `app`). */
        HealthKitRecord: {
            /**
             * Format: uuid
             * @description The sample's HealthKit UUID; the provider_id of the summary it makes (resends are idempotent).
             */
            uuid?: string;
            /** @example HKQuantityTypeIdentifierHeartRate */
            sampleType: string;
            /**
             * Format: date-time
             * @example 2026-05-01T07:00:00.000+02:00
             */
            startDate?: string;
            /** Format: date-time */
            endDate?: string;
            /** @description Quantity samples: the value in `unit`. */
            quantity?: number;
            /** @description HKUnit unit string: count/min, count, kcal, Cal, kJ, m, km, mi, ft, %, kg, g, lb, oz, st, mg/dL, mmol<180.15588000005408>/L, ms, s, degC, degF, mmHg, kPa, mL, L, fl_oz_us, ml/(kg*min), cm, in. */
            unit?: string;
            /** @description Category value (sleep analysis), or a characteristic's value (profile). */
            value?: number | string | boolean;
            /** @description Blood pressure correlation members. */
            objects?: components["schemas"]["HealthKitCorrelationMember"][];
            /** @description HKWorkoutActivityType raw value (37) or name (`running`, `HKWorkoutActivityTypeRunning`). */
            workoutActivityType?: number | string;
            /** @description Workout duration in seconds (pauses excluded). */
            duration?: number;
            totalEnergyBurned?: components["schemas"]["HealthKitQuantity"];
            totalDistance?: components["schemas"]["HealthKitQuantity"];
            /** @description Workout statistics by quantity type identifier (HeartRate average/maximum, StepCount sum, ActiveEnergyBurned sum, Distance* sum), as `workout.statistics(for:)` returns them. */
            statistics?: {
                [key: string]: components["schemas"]["HealthKitStatistics"];
            };
            /** @description The workout route's locations; becomes the workout stream (time, lat, lng, altitude). */
            route?: components["schemas"]["HealthKitRoutePoint"][];
            sourceRevision?: {
                source?: {
                    /** @example com.apple.health.81D6A5B2 */
                    bundleIdentifier?: string;
                    name?: string;
                };
                /** @example Watch7,1 */
                productType?: string;
                version?: string;
            };
            /** @description HKDevice. */
            device?: {
                name?: string;
                model?: string;
                manufacturer?: string;
                hardwareVersion?: string;
                softwareVersion?: string;
            };
            metadata?: {
                /** @description IANA zone the sample was recorded in. */
                HKTimeZone?: string;
                HKBodyTemperatureSensorLocation?: number;
                HKElevationAscended?: components["schemas"]["HealthKitQuantity"];
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        HealthKitQuantity: {
            quantity: number;
            unit: string;
        };
        HealthKitCorrelationMember: {
            /** @enum {string} */
            sampleType: "HKQuantityTypeIdentifierBloodPressureSystolic" | "HKQuantityTypeIdentifierBloodPressureDiastolic";
            quantity: number;
            /** @example mmHg */
            unit: string;
        };
        HealthKitStatistics: {
            averageQuantity?: components["schemas"]["HealthKitQuantity"];
            minimumQuantity?: components["schemas"]["HealthKitQuantity"];
            maximumQuantity?: components["schemas"]["HealthKitQuantity"];
            sumQuantity?: components["schemas"]["HealthKitQuantity"];
        };
        HealthKitRoutePoint: {
            /** Format: date-time */
            timestamp: string;
            latitude: number;
            longitude: number;
            /** @description Metres. */
            altitude?: number;
        };
        /** @description One Android Health Connect record (androidx.health.connect.client) serialised as JSON, as react-native-health-connect and similar bridges write it: `recordType` (`HeartRate` or `HeartRateRecord`), `metadata`, the record's time fields (instant records: `time` + `zoneOffset`; interval records: `startTime`, `endTime`, `startZoneOffset`, `endZoneOffset`), and its own fields. Unit-bearing fields are `{value, unit}` (unit names as in Health Connect: kilograms, pounds, kilocalories, calories (= small calories), meters, miles, milligramsPerDeciliter, millimolesPerLiter, millimetersOfMercury, celsius, fahrenheit, liters, milliliters, ...) or the read result (`{inKilograms: 70.2, inPounds: ...}`). Percentages (`percentage`) are 0–100 already: a fraction (0.97 oxygen saturation) is refused. Accepted per resource: heartrate ← HeartRate (`samples`), RestingHeartRate (`beatsPerMinute`, sample type `resting`); steps ← Steps (`count`); calories_active ← ActiveCaloriesBurned (`energy`); distance ← Distance (`distance`); floors_climbed ← FloorsClimbed (`floors`); blood_oxygen ← OxygenSaturation (`percentage`); weight ← Weight (`weight`); fat ← BodyFat (`percentage`); glucose ← BloodGlucose (`level`); blood_pressure ← BloodPressure (`systolic`, `diastolic`); hrv ← HeartRateVariabilityRmssd (`heartRateVariabilityMillis`); respiratory_rate ← RespiratoryRate (`rate`); body_temperature ← BodyTemperature (`temperature`, `measurementLocation`); basal_body_temperature ← BasalBodyTemperature; vo2_max ← Vo2Max (`vo2MillilitersPerMinuteKilogram`); water ← Hydration (`volume`); lean_body_mass ← LeanBodyMass (`mass`); sleep ← SleepSession (`stages`; without stages the whole session counts as asleep); workouts ← ExerciseSession (`exerciseType`, `title`, `exerciseRoute`); body ← Weight, BodyFat, LeanBodyMass; profile ← Height (`height`, the latest). `metadata.id` is the provider_id of summaries (resends are idempotent); `metadata.dataOrigin` the app id; `metadata.device.type` the source type. A record without zone offsets is dated in the batch's `time_zone`; a series crossing a DST change is dated by that zone when it explains both offsets. */
        HealthConnectRecord: {
            /** @example HeartRate */
            recordType: string;
            metadata: {
                id: string;
                dataOrigin?: string | {
                    packageName?: string;
                };
                device?: {
                    manufacturer?: string;
                    model?: string;
                    /** @description Device.type (1 watch, 2 phone, 3 scale, 4 ring, 6 fitness band, 7 chest strap) or its TYPE_ name. */
                    type?: number | string;
                };
                recordingMethod?: number;
                /** Format: date-time */
                lastModifiedTime?: string;
                clientRecordId?: string | null;
                clientRecordVersion?: number;
            };
            /** Format: date-time */
            time?: string;
            zoneOffset?: components["schemas"]["HealthConnectZoneOffset"];
            /**
             * Format: date-time
             * @example 2026-05-01T05:00:00Z
             */
            startTime?: string;
            /** Format: date-time */
            endTime?: string;
            startZoneOffset?: components["schemas"]["HealthConnectZoneOffset"];
            endZoneOffset?: components["schemas"]["HealthConnectZoneOffset"];
            samples?: {
                /** Format: date-time */
                time: string;
                beatsPerMinute: number;
            }[];
            beatsPerMinute?: number;
            count?: number;
            floors?: number;
            percentage?: number | {
                value?: number;
            };
            energy?: components["schemas"]["HealthConnectUnitValue"];
            distance?: components["schemas"]["HealthConnectUnitValue"];
            weight?: components["schemas"]["HealthConnectUnitValue"];
            mass?: components["schemas"]["HealthConnectUnitValue"];
            height?: components["schemas"]["HealthConnectUnitValue"];
            level?: components["schemas"]["HealthConnectUnitValue"];
            systolic?: components["schemas"]["HealthConnectUnitValue"];
            diastolic?: components["schemas"]["HealthConnectUnitValue"];
            temperature?: components["schemas"]["HealthConnectUnitValue"];
            volume?: components["schemas"]["HealthConnectUnitValue"];
            measurementLocation?: number;
            heartRateVariabilityMillis?: number;
            rate?: number;
            vo2MillilitersPerMinuteKilogram?: number;
            stages?: {
                /** Format: date-time */
                startTime: string;
                /** Format: date-time */
                endTime: string;
                /** @description STAGE_TYPE_* (0 unknown, 1 awake, 2 sleeping, 3 out_of_bed, 4 light, 5 deep, 6 rem, 7 awake_in_bed) or its name. */
                stage: number | string;
            }[];
            /** @description EXERCISE_TYPE_* value (56) or name (`running`, `EXERCISE_TYPE_RUNNING`). */
            exerciseType?: number | string;
            title?: string | null;
            exerciseRoute?: {
                route?: {
                    /** Format: date-time */
                    time: string;
                    latitude: number;
                    longitude: number;
                    altitude?: components["schemas"]["HealthConnectUnitValue"];
                }[];
            };
        } & {
            [key: string]: unknown;
        };
        /** @description java.time.ZoneOffset as `"+02:00"` / `"Z"`, seconds east of UTC, or `{totalSeconds}` (absent or null when unknown). */
        HealthConnectZoneOffset: string | number | {
            totalSeconds?: number;
            id?: string;
        };
        /** @description `{value, unit}` (`{"value": 72.5, "unit": "kilograms"}`) or a read result (`{"inKilograms": 72.5}`). */
        HealthConnectUnitValue: {
            value?: number;
            unit?: string;
        } & {
            [key: string]: number;
        };
        /** @description One Samsung Health Data SDK data point (HealthDataPoint) serialised as JSON: `dataType` (the DataTypes name), `uid`, `startTime`/`endTime` (ISO 8601 or epoch milliseconds), `zoneOffset`, `dataSource` and the device from the SDK's device manager, and the data type's values in camelCase in Samsung Health's fixed units (bpm, %, kg, cm, kcal, m, mmol/L, mmHg, °C). Accepted per resource: heartrate ← HEART_RATE (`heartRate`, or `seriesData` entries); steps ← STEPS aggregates (`count`); calories_active, distance ← ACTIVITY_SUMMARY aggregates (`totalActiveCaloriesBurned`, `totalDistance`); floors_climbed ← FLOORS_CLIMBED (`floor`); blood_oxygen ← BLOOD_OXYGEN (`oxygenSaturation`, percent); weight, fat ← BODY_COMPOSITION (`weight`, `bodyFat`); glucose ← BLOOD_GLUCOSE (`glucoseLevel`); blood_pressure ← BLOOD_PRESSURE (`systolic`, `diastolic`); body_temperature ← BODY_TEMPERATURE (`bodyTemperature`); sleep ← SLEEP (`sessions` with `stages` AWAKE/LIGHT/DEEP/REM, `sleepScore`); workouts ← EXERCISE (one workout per entry of `sessions`: provider_id `uid`, then `uid:1`, ...); body ← BODY_COMPOSITION (`weight`, `bodyFat`, `bodyMassIndex`, `fatFreeMass`); profile ← USER_PROFILE (`gender`, `dateOfBirth`, `height`). Stored data points need `uid` where they make summaries; aggregates have none. */
        SamsungHealthRecord: {
            uid?: string;
            /** @example HEART_RATE */
            dataType: string;
            startTime?: components["schemas"]["SamsungHealthTime"];
            endTime?: components["schemas"]["SamsungHealthTime"];
            zoneOffset?: components["schemas"]["HealthConnectZoneOffset"];
            dataSource?: {
                /** @example com.sec.android.app.shealth */
                appId?: string;
                deviceId?: string;
            };
            device?: {
                /** @description MOBILE, WATCH, BAND, RING or ACCESSORY. */
                deviceType?: string;
                model?: string;
                name?: string;
                manufacturer?: string;
            };
            heartRate?: number;
            /** @description Percent (0–100). */
            oxygenSaturation?: number;
            seriesData?: {
                startTime?: components["schemas"]["SamsungHealthTime"];
                endTime?: components["schemas"]["SamsungHealthTime"];
                heartRate?: number;
                oxygenSaturation?: number;
            }[];
            count?: number;
            totalActiveCaloriesBurned?: number;
            totalDistance?: number;
            floor?: number;
            weight?: number;
            bodyFat?: number;
            bodyMassIndex?: number;
            fatFreeMass?: number;
            height?: number;
            glucoseLevel?: number;
            systolic?: number;
            diastolic?: number;
            bodyTemperature?: number;
            sleepScore?: number;
            /** @example RUNNING */
            exerciseType?: string;
            /** @description SLEEP: `{startTime, endTime, stages: [{startTime, endTime, stage}]}`; EXERCISE: `{startTime, endTime, exerciseType?, duration (ms), calories, distance, meanHeartRate, maxHeartRate, count, route: [{timestamp, latitude, longitude, altitude}]}`. */
            sessions?: {
                [key: string]: unknown;
            }[];
            /** @description MALE, FEMALE or OTHER. */
            gender?: string;
            /** Format: date */
            dateOfBirth?: string;
        } & {
            [key: string]: unknown;
        };
        /** @description An ISO 8601 instant or epoch milliseconds. */
        SamsungHealthTime: string | number;
        ActivityList: {
            activity: components["schemas"]["Activity"][];
        };
        BodyList: {
            body: components["schemas"]["Body"][];
        };
        MealList: {
            meals: components["schemas"]["Meal"][];
        };
        SleepList: {
            sleep: components["schemas"]["Sleep"][];
        };
        WorkoutList: {
            workouts: components["schemas"]["Workout"][];
        };
        SleepCycleList: {
            sleep_cycle: components["schemas"]["SleepCycle"][];
        };
        MenstrualCycleList: {
            menstrual_cycle: components["schemas"]["MenstrualCycle"][];
        };
        ElectrocardiogramList: {
            electrocardiogram: components["schemas"]["Electrocardiogram"][];
        };
        /** @description The source context of one summary. */
        SummarySource: {
            /** @description Provider slug. */
            provider: string;
            type: components["schemas"]["SummarySourceType"];
            app_id: string | null;
            /**
             * @deprecated
             * @description Provider name from the catalog.
             */
            name: string;
            /**
             * @deprecated
             * @description Provider slug from the catalog.
             */
            slug: string;
            /**
             * @deprecated
             * @description Provider logo URL from the catalog.
             */
            logo: string;
            /** Format: uuid */
            device_id: string | null;
            /** @description Always null on summaries. */
            sport: string | null;
            /**
             * Format: uuid
             * @description Always null on summaries.
             */
            workout_id: string | null;
        };
        /**
         * @description Kind of source (non-exhaustive); `unknown` when not known.
         * @enum {string}
         */
        SummarySourceType: "unknown" | "phone" | "watch" | "app" | "multiple_sources" | "fingerprick" | "cuff" | "manual_scan" | "automatic" | "scale" | "chest_strap" | "ring" | "lab" | "exercise_machine" | "earphone" | "insulin_pump";
        Activity: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            /** Format: date */
            date: string;
            /** Format: date */
            calendar_date: string;
            /** @description kcal */
            calories_total: number | null;
            /** @description kcal */
            calories_active: number | null;
            steps: number | null;
            /**
             * @deprecated
             * @description m
             */
            daily_movement: number | null;
            /** @description m */
            distance: number | null;
            /** @description Minutes of low intensity. */
            low: number | null;
            /** @description Minutes of medium intensity. */
            medium: number | null;
            /** @description Minutes of high intensity. */
            high: number | null;
            floors_climbed: number | null;
            /** @description IANA time zone id. */
            time_zone: string | null;
            /** @description Seconds east of UTC. */
            timezone_offset: number | null;
            heart_rate: components["schemas"]["ActivityHeartRate"];
            wheelchair_use: boolean | null;
            wheelchair_push: number | null;
            source: components["schemas"]["SummarySource"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        ActivityHeartRate: {
            avg_bpm: number | null;
            min_bpm: number | null;
            max_bpm: number | null;
            resting_bpm: number | null;
            avg_walking_bpm: number | null;
        } | null;
        Body: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            /** Format: date */
            date: string;
            /** Format: date */
            calendar_date: string;
            /** @description kg */
            weight: number | null;
            /** @description % */
            fat: number | null;
            water_percentage: number | null;
            muscle_mass_percentage: number | null;
            visceral_fat_index: number | null;
            bone_mass_percentage: number | null;
            body_mass_index: number | null;
            lean_body_mass_kilogram: number | null;
            waist_circumference_centimeter: number | null;
            source: components["schemas"]["SummarySource"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Profile: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            /**
             * Format: date
             * @description Day of the latest profile update.
             */
            date: string;
            /** @description cm */
            height: number | null;
            /** Format: date */
            birth_date: string | null;
            wheelchair_use: boolean | null;
            /** @enum {string|null} */
            gender: "female" | "male" | "other" | "unknown" | null;
            /** @enum {string|null} */
            sex: "female" | "male" | "other" | null;
            source: components["schemas"]["SummarySource"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        Sleep: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            /** Format: date */
            date: string;
            /**
             * Format: date
             * @description Usually the wake-up date.
             */
            calendar_date: string;
            /** Format: date-time */
            bedtime_start: string;
            /** Format: date-time */
            bedtime_stop: string;
            /**
             * @description `long_sleep` (≥ 3 h), `short_sleep` (< 3 h), `acknowledged_nap`, `unknown` (still recording).
             * @enum {string}
             */
            type: "long_sleep" | "short_sleep" | "acknowledged_nap" | "unknown";
            /** @description Seconds east of UTC. */
            timezone_offset: number | null;
            /** @description Seconds. */
            duration: number;
            /** @description Seconds asleep. */
            total: number;
            /** @description Seconds. */
            awake: number;
            /** @description Seconds. */
            light: number;
            /** @description Seconds. */
            rem: number;
            /** @description Seconds. */
            deep: number;
            /** @description 1–100. */
            score: number | null;
            /** @description 0–100. */
            recovery_readiness_score: number | null;
            /** @description bpm */
            hr_lowest: number | null;
            /** @description bpm */
            hr_average: number | null;
            /** @description bpm */
            hr_resting: number | null;
            /** @description % */
            efficiency: number | null;
            /** @description Seconds. */
            latency: number | null;
            /** @description °C */
            temperature_delta: number | null;
            /** @description °C */
            skin_temperature: number | null;
            hr_dip: number | null;
            /** @enum {string|null} */
            state: "tentative" | "confirmed" | null;
            /** @description RMSSD, ms. */
            average_hrv: number | null;
            respiratory_rate: number | null;
            sleep_stream: components["schemas"]["SummarySleepStream"];
            source: components["schemas"]["SummarySource"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        /** @description Always null in summary lists; the stream is read from GET /v2/timeseries/sleep/{sleep_id}/stream. */
        SummarySleepStream: {
            hrv: Record<string, never>[] | null;
            heartrate: Record<string, never>[] | null;
            hypnogram: Record<string, never>[] | null;
            respiratory_rate: Record<string, never>[] | null;
        } | null;
        Workout: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            title: string | null;
            /** @description Seconds east of UTC. */
            timezone_offset: number | null;
            /** @description bpm */
            average_hr: number | null;
            /** @description bpm */
            max_hr: number | null;
            /** @description m */
            distance: number | null;
            /** Format: date */
            calendar_date: string;
            /** Format: date-time */
            time_start: string;
            /** Format: date-time */
            time_end: string;
            /** @description kcal */
            calories: number | null;
            sport: components["schemas"]["WorkoutSport"];
            /** @description Seconds in each of the 6 heart-rate zones. */
            hr_zones: number[] | null;
            /** @description Seconds. */
            moving_time: number | null;
            /** @description m */
            total_elevation_gain: number | null;
            /** @description m */
            elev_high: number | null;
            /** @description m */
            elev_low: number | null;
            /** @description m/s */
            average_speed: number | null;
            /** @description m/s */
            max_speed: number | null;
            average_watts: number | null;
            device_watts: number | null;
            max_watts: number | null;
            weighted_average_watts: number | null;
            steps: number | null;
            map: components["schemas"]["WorkoutMap"];
            /** @description The provider's id of the workout. */
            provider_id: string;
            source: components["schemas"]["SummarySource"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WorkoutSport: {
            id: number;
            name: string;
            slug: string;
        } | null;
        WorkoutMap: {
            polyline: string | null;
            summary_polyline: string | null;
        } | null;
        Meal: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            priority_id: number;
            source_id: number;
            /** @description The provider's id of the meal. */
            provider_id: string;
            /** Format: date-time */
            timestamp: string;
            /** Format: date */
            calendar_date: string;
            name: string;
            energy: components["schemas"]["MealEnergy"];
            macros: components["schemas"]["MealMacros"];
            micros: components["schemas"]["MealMicros"];
            /** @description Nutrition per food item of the meal. */
            data: {
                [key: string]: components["schemas"]["MealFoodItem"];
            } | null;
            source_app_id: string | null;
            source_device_id: string | null;
            source: components["schemas"]["SummarySource"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        MealFoodItem: {
            energy: components["schemas"]["MealEnergy"];
            macros: components["schemas"]["MealMacros"];
            micros: components["schemas"]["MealMicros"];
        };
        MealEnergy: {
            /** @enum {string} */
            unit: "kcal";
            value: number;
        } | null;
        /** @description Grams. */
        MealMacros: {
            carbs: number | null;
            protein: number | null;
            fats: components["schemas"]["MealFats"];
            alcohol: number | null;
            water: number | null;
            fibre: number | null;
            sugar: number | null;
            cholesterol: number | null;
        } | null;
        MealFats: {
            saturated: number | null;
            monounsaturated: number | null;
            polyunsaturated: number | null;
            omega3: number | null;
            omega6: number | null;
            total: number | null;
        } | null;
        MealMicros: {
            minerals: components["schemas"]["MealNutrientAmounts"];
            trace_elements: components["schemas"]["MealNutrientAmounts"];
            vitamins: components["schemas"]["MealNutrientAmounts"];
        } | null;
        /** @description Amount per nutrient name. */
        MealNutrientAmounts: {
            [key: string]: number;
        } | null;
        SleepCycle: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            /**
             * Format: uuid
             * @description The Sleep summary of this session.
             */
            sleep_id: string;
            /** Format: date-time */
            session_start: string;
            /** Format: date-time */
            session_end: string;
            stage_start_offset_second: number[];
            stage_end_offset_second: number[];
            /** @description `-1` unknown, `1` deep, `2` light, `3` rem, `4` awake, `5` manual. */
            stage_type: (-1 | 1 | 2 | 3 | 4 | 5)[];
            time_zone: string | null;
            source_provider: string;
            source_type: components["schemas"]["SummarySourceType"];
            source_app_id: string | null;
            source_device_id: string | null;
            source: components["schemas"]["SummarySource"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        MenstrualCycle: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            /** Format: date */
            period_start: string;
            /** Format: date */
            period_end: string | null;
            /** Format: date */
            cycle_end: string | null;
            is_predicted: boolean | null;
            menstrual_flow: {
                /** Format: date */
                date: string;
                /** @enum {string} */
                flow: "unspecified" | "none" | "light" | "medium" | "heavy";
            }[] | null;
            cervical_mucus: {
                /** Format: date */
                date: string;
                /** @enum {string} */
                quality: "dry" | "sticky" | "creamy" | "watery" | "egg_white";
            }[] | null;
            intermenstrual_bleeding: {
                /** Format: date */
                date: string;
            }[] | null;
            contraceptive: {
                /** Format: date */
                date: string;
                /** @enum {string} */
                type: "unspecified" | "implant" | "injection" | "iud" | "intravaginal_ring" | "oral" | "patch";
            }[] | null;
            detected_deviations: {
                /** Format: date */
                date: string;
                /** @enum {string} */
                deviation: "persistent_intermenstrual_bleeding" | "prolonged_menstrual_periods" | "irregular_menstrual_cycles" | "infrequent_menstrual_cycles";
            }[] | null;
            ovulation_test: {
                /** Format: date */
                date: string;
                /** @enum {string} */
                test_result: "negative" | "positive" | "luteinizing_hormone_surge" | "estrogen_surge" | "indeterminate";
            }[] | null;
            home_pregnancy_test: components["schemas"]["MenstrualHomeTest"][] | null;
            home_progesterone_test: components["schemas"]["MenstrualHomeTest"][] | null;
            sexual_activity: {
                /** Format: date */
                date: string;
                protection_used: boolean | null;
            }[] | null;
            basal_body_temperature: {
                /** Format: date */
                date: string;
                /** @description °C */
                value: number;
            }[] | null;
            source_provider: string;
            source_type: components["schemas"]["SummarySourceType"];
            source_app_id: string | null;
            source_device_id: string | null;
            source: components["schemas"]["SummarySource"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        MenstrualHomeTest: {
            /** Format: date */
            date: string;
            /** @enum {string} */
            test_result: "negative" | "positive" | "indeterminate";
        };
        Electrocardiogram: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            user_id: string;
            /** Format: date-time */
            session_start: string;
            /** Format: date-time */
            session_end: string;
            voltage_sample_count: number;
            /** @description bpm */
            heart_rate_mean: number | null;
            sampling_frequency_hz: number | null;
            /** @enum {string|null} */
            classification: "sinus_rhythm" | "atrial_fibrillation" | "inconclusive" | null;
            /** @enum {string|null} */
            inconclusive_cause: "high_heart_rate" | "low_heart_rate" | "poor_reading" | null;
            algorithm_version: string | null;
            time_zone: string | null;
            source_provider: string;
            source_type: components["schemas"]["SummarySourceType"];
            source_app_id: string | null;
            source_device_model: string | null;
            source_device_id: string | null;
            source: components["schemas"]["SummarySource"];
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        BrandInformation: {
            company_name: string;
            company_website: string;
            support_email: string | null;
            support_contact: string | null;
            company_address: string | null;
            brand_color: string | null;
        } | null;
        TeamLinkConfig: {
            /** Format: uuid */
            team_id: string;
            name: string;
            /** @enum {string} */
            environment: "production" | "sandbox";
            brand_information: components["schemas"]["BrandInformation"];
            logo_url: string | null;
            providers: components["schemas"]["ProviderDetailed"][];
            redirect_hosts: string[];
            reject_duplicate_connection: boolean;
        };
        /** @description api-shapes leaves this shape open; besides our own fields it carries those the real product's team has (`org_id`, the patient-communication flags of the key's environment, `delegated_flow`), so its clients read it. */
        DataApiTeam: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            region: "us" | "eu";
            /**
             * @description The key's environment.
             * @enum {string}
             */
            environment: "production" | "sandbox";
            /** Format: date-time */
            created_on: string;
            integration_team_id: string | null;
            brand_information: components["schemas"]["BrandInformation"];
            logo_url: string | null;
            /** Format: uuid */
            org_id: string;
            /** @description Test kit status texts to patients (follows the SMS setting below). */
            testkits_texts_enabled: boolean;
            /** @description Any lab-test message to patients (SMS or e-mail) is on. */
            lab_tests_patient_communication_enabled: boolean;
            lab_tests_patient_sms_communication_enabled: boolean;
            lab_tests_patient_email_communication_enabled: boolean;
            critical_result_notification_email: string | null;
            /**
             * @description Who orders and receives results: always the team's own physician network on a self-hosted Meridian (there is no platform physician network to delegate to).
             * @enum {string}
             */
            delegated_flow: "order_and_results_with_customer_physician_network";
        };
        /** @description The source context of one value group (or summary). */
        Source: {
            /** @description Provider slug (lab slug for lab results). */
            provider: string;
            /**
             * @description Kind of source; `unknown` when not known. Non-exhaustive.
             * @enum {string}
             */
            type: "unknown" | "phone" | "watch" | "app" | "multiple_sources" | "fingerprick" | "cuff" | "manual_scan" | "automatic" | "scale" | "chest_strap" | "ring" | "lab" | "exercise_machine" | "earphone" | "insulin_pump";
            app_id: string | null;
            /**
             * @deprecated
             * @description Deprecated provider name.
             */
            name: string;
            /**
             * @deprecated
             * @description Deprecated copy of `provider`.
             */
            slug: string;
            /**
             * @deprecated
             * @description Deprecated provider logo URL (empty when none).
             */
            logo: string;
            /** Format: uuid */
            device_id: string | null;
            /** @description Sport slug of workout-linked series; `wheelchair_pushing` for distance of wheelchair users. */
            sport: string | null;
            /**
             * Format: uuid
             * @description Workout-linked series only.
             */
            workout_id: string | null;
        };
        /** @enum {string} */
        TsSlug: "blood_oxygen" | "body_fat" | "stress_level" | "body_weight" | "calories_basal" | "floors_climbed" | "water" | "glucose" | "heartrate" | "respiratory_rate" | "hrv" | "fall" | "handwashing" | "heart_rate_recovery_one_minute" | "inhaler_usage" | "sleep_apnea_alert" | "steps" | "wheelchair_push" | "workout_swimming_stroke" | "daylight_exposure" | "mindfulness_minutes" | "stand_duration" | "distance" | "workout_distance" | "caffeine" | "carbohydrates" | "forced_expiratory_volume_1" | "forced_vital_capacity" | "body_mass_index" | "uv_exposure" | "afib_burden" | "basal_body_temperature" | "calories_active" | "lean_body_mass" | "peak_expiratory_flow_rate" | "vo2_max" | "waist_circumference" | "blood_pressure" | "body_temperature" | "body_temperature_delta" | "cholesterol" | "electrocardiogram_voltage" | "ige" | "igg" | "heart_rate_alert" | "stand_hour" | "sleep_breathing_disturbance" | "hypnogram" | "insulin_injection" | "note" | "workout_duration";
        /**
         * @deprecated
         * @description Deprecated; always null.
         */
        TsSampleId: number | null;
        /** @description Seconds east of UTC of the local time of the sample; null when unknown. */
        TsTimezoneOffset: number | null;
        /**
         * Format: date-time
         * @description In the sample’s own `timezone_offset` (`+00:00` when it is null).
         */
        TsTimestamp: string;
        /**
         * Format: date-time
         * @deprecated
         * @description Deprecated copy of `start`.
         */
        TsIntervalTimestamp: string;
        /** @description Null unless the source labels the sample. */
        TsPlainType: string | null;
        /** @enum {string|null} */
        TsSensorLocation: "armpit" | "body" | "ear" | "finger" | "gastrointestinal" | "mouth" | "rectum" | "toe" | "eardrum" | "temporal_artery" | "forehead" | "wrist" | null;
        /** @description Opaque cursor of the next page; null on the last page. */
        TsNextCursor: string | null;
        /**
         * @deprecated
         * @description Deprecated copy of `next_cursor`.
         */
        TsNext: string | null;
        GroupedTimeseriesResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: Record<string, never>[];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedBloodOxygenResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsBloodOxygenSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedBodyFatResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsBodyFatSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedStressLevelResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsStressLevelSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedBodyWeightResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsBodyWeightSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedCaloriesBasalResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsCaloriesBasalSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedFloorsClimbedResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsFloorsClimbedSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedWaterResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsWaterSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedGlucoseResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsGlucoseSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedHeartrateResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsHeartrateSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedRespiratoryRateResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsRespiratoryRateSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedHrvResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsHrvSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedFallResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsFallSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedHandwashingResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsHandwashingSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedHeartRateRecoveryOneMinuteResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsHeartRateRecoveryOneMinuteSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedInhalerUsageResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsInhalerUsageSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedSleepApneaAlertResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsSleepApneaAlertSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedStepsResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsStepsSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedWheelchairPushResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsWheelchairPushSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedWorkoutSwimmingStrokeResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsWorkoutSwimmingStrokeSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedDaylightExposureResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsDaylightExposureSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedMindfulnessMinutesResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsMindfulnessMinutesSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedStandDurationResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsStandDurationSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedDistanceResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsDistanceSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedWorkoutDistanceResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsWorkoutDistanceSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedCaffeineResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsCaffeineSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedCarbohydratesResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsCarbohydratesSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedForcedExpiratoryVolume1Response: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsForcedExpiratoryVolume1Sample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedForcedVitalCapacityResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsForcedVitalCapacitySample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedBodyMassIndexResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsBodyMassIndexSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedUvExposureResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsUvExposureSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedAfibBurdenResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsAfibBurdenSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedBasalBodyTemperatureResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsBasalBodyTemperatureSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedCaloriesActiveResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsCaloriesActiveSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedLeanBodyMassResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsLeanBodyMassSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedPeakExpiratoryFlowRateResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsPeakExpiratoryFlowRateSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedVo2MaxResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsVo2MaxSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedWaistCircumferenceResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsWaistCircumferenceSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedBloodPressureResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsBloodPressureSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedBodyTemperatureResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsBodyTemperatureSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedBodyTemperatureDeltaResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsBodyTemperatureDeltaSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedCholesterolResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsCholesterolSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedElectrocardiogramVoltageResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsElectrocardiogramVoltageSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedIgeResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsIgeSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedIggResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsIggSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedHeartRateAlertResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsHeartRateAlertSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedStandHourResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsStandHourSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedSleepBreathingDisturbanceResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsSleepBreathingDisturbanceSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedHypnogramResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsHypnogramSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedInsulinInjectionResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsInsulinInjectionSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedNoteResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsNoteSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        GroupedWorkoutDurationResponse: {
            groups: {
                [key: string]: {
                    source: components["schemas"]["Source"];
                    data: components["schemas"]["TsWorkoutDurationSample"][];
                }[];
            };
            next_cursor: components["schemas"]["TsNextCursor"];
            next: components["schemas"]["TsNext"];
        };
        TsBloodOxygenSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "%";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsBodyFatSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "%";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsStressLevelSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "%";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsBodyWeightSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "kg";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsCaloriesBasalSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "kcal";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsFloorsClimbedSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "count";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsWaterSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "mL";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsGlucoseSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "mmol/L";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsHeartrateSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "bpm";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsRespiratoryRateSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "bpm";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsHrvSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "ms";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsFallSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "count";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsHandwashingSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "count";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsHeartRateRecoveryOneMinuteSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "count";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsInhalerUsageSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "count";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsSleepApneaAlertSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "count";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsStepsSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "count";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsWheelchairPushSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "count";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsWorkoutSwimmingStrokeSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "count";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsDaylightExposureSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "min";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsMindfulnessMinutesSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "min";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsStandDurationSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "min";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsDistanceSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "m";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsWorkoutDistanceSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "m";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsCaffeineSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "g";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsCarbohydratesSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "g";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsForcedExpiratoryVolume1Sample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "L";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsForcedVitalCapacitySample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "L";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsBodyMassIndexSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "index";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsUvExposureSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "index";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsAfibBurdenSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "%";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsBasalBodyTemperatureSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "°C";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsCaloriesActiveSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "kcal";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsLeanBodyMassSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "kg";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsPeakExpiratoryFlowRateSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "L/min";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsVo2MaxSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "mL/kg/min";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsWaistCircumferenceSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "cm";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsBloodPressureSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "mmHg";
            timestamp: components["schemas"]["TsTimestamp"];
            systolic: number;
            diastolic: number;
        };
        TsBodyTemperatureSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "°C";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
            sensor_location: components["schemas"]["TsSensorLocation"];
        };
        TsBodyTemperatureDeltaSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "°C";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
            sensor_location: components["schemas"]["TsSensorLocation"];
        };
        TsCholesterolSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            /** @enum {string} */
            type: "total" | "ldl" | "hdl" | "triglycerides";
            /** @enum {string} */
            unit: "mmol/L";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsElectrocardiogramVoltageSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: string;
            /** @enum {string} */
            unit: "mV";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsIgeSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: string;
            /** @enum {string} */
            unit: "FSU";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsIggSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: string;
            /** @enum {string} */
            unit: "FSU";
            timestamp: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsHeartRateAlertSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            /** @enum {string} */
            type: "low_heart_rate" | "high_heart_rate" | "irregular_rhythm";
            /** @enum {string} */
            unit: "count";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsStandHourSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            /** @enum {string} */
            type: "stood" | "idle";
            /** @enum {string} */
            unit: "count";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        TsSleepBreathingDisturbanceSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            /** @enum {string|null} */
            type: "elevated" | "not_elevated" | null;
            /** @enum {string} */
            unit: "count";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
        };
        /** @deprecated */
        TsHypnogramSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "stage";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            /**
             * @description Stage code: 1 deep, 2 light, 3 rem, 4 awake, -1 missing.
             * @enum {number}
             */
            value: 1 | 2 | 3 | 4 | -1;
        };
        TsInsulinInjectionSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            /** @enum {string} */
            type: "rapid_acting" | "long_acting";
            /** @enum {string} */
            unit: "unit";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
            /** @enum {string|null} */
            delivery_mode: "basal" | "bolus" | null;
            /** @enum {string|null} */
            delivery_form: "standard" | "extended" | null;
            /** @enum {string|null} */
            bolus_purpose: "meal" | "correction" | "mixed" | "unknown" | null;
        };
        TsNoteSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "text";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: string;
            tags: ("food" | "exercise" | "insulin_injection" | "unspecified")[] | null;
        };
        TsWorkoutDurationSample: {
            id: components["schemas"]["TsSampleId"];
            timezone_offset: components["schemas"]["TsTimezoneOffset"];
            type: components["schemas"]["TsPlainType"];
            /** @enum {string} */
            unit: "min";
            timestamp: components["schemas"]["TsIntervalTimestamp"];
            start: components["schemas"]["TsTimestamp"];
            end: components["schemas"]["TsTimestamp"];
            value: number;
            /** @enum {string|null} */
            intensity: "low" | "medium" | "high" | null;
        };
        SleepStream: {
            hrv: components["schemas"]["TsHrvSample"][] | null;
            heartrate: components["schemas"]["TsHeartrateSample"][] | null;
            /** @deprecated */
            hypnogram: components["schemas"]["TsHypnogramSample"][] | null;
            respiratory_rate: components["schemas"]["TsRespiratoryRateSample"][] | null;
        };
        WorkoutStream: {
            time: components["schemas"]["TsStreamSeries"];
            cadence: components["schemas"]["TsStreamSeries"];
            altitude: components["schemas"]["TsStreamSeries"];
            velocity_smooth: components["schemas"]["TsStreamSeries"];
            heartrate: components["schemas"]["TsStreamSeries"];
            lat: components["schemas"]["TsStreamSeries"];
            lng: components["schemas"]["TsStreamSeries"];
            distance: components["schemas"]["TsStreamSeries"];
            power: components["schemas"]["TsStreamSeries"];
            resistance: components["schemas"]["TsStreamSeries"];
            temperature: components["schemas"]["TsStreamSeries"];
        };
        /** @description One value per stream point (aligned with `time`); null when the provider sent none. */
        TsStreamSeries: number[] | null;
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
        /** @description The `Accept` header does not allow `application/json` (`not_acceptable`). */
        ContinuousQueryNotAcceptable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description `provider_not_available` (no provider with the needed tier serves the area), `appointment_rejected` (the provider refused the details; `fields` names them), or a malformed request. */
        AppointmentBadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description `appointment_exists` (`appointment_id`), `invalid_state` (`status`: the order's or the appointment's), `slot_unavailable` or `booking_key_expired`. */
        AppointmentConflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The phlebotomy provider is unreachable (`service_unavailable`); retry after `Retry-After` seconds. */
        PartnerUnavailable: {
            headers: {
                /** @description Seconds to wait before retrying. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The booking token is missing or forged or names an order that is gone (`invalid_token`), has expired (`token_expired`), or its order was cancelled, completed or failed (`token_revoked`). */
        BookingUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description The document. */
        LabDocumentPdf: {
            headers: {
                /** @description SHA-256 of the bytes (base64url), quoted; the same document keeps the same tag. */
                ETag?: string;
                /** @description Always `private, no-store`. */
                "Cache-Control"?: "private, no-store";
                /** @description `inline; filename="<kind>-<id>.pdf"` (ids only, no patient data). */
                "Content-Disposition"?: string;
                "Content-Length"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/pdf": string;
            };
        };
        /** @description The `If-None-Match` tag matches the document as it is now; no body. */
        LabDocumentNotModified: {
            headers: {
                ETag?: string;
                "Cache-Control"?: "private, no-store";
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description The document does not exist in the order's current status (`invalid_state`, with `status`). */
        LabDocumentInvalidState: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["LabDocumentInvalidStateError"];
            };
        };
        /** @description Too many documents are being generated at once (`service_unavailable`); retry after the `Retry-After` seconds. */
        LabDocumentBusy: {
            headers: {
                /** @description Seconds to wait before retrying. */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description `invalid_state` (the order's current `status` does not allow it), `idempotency_conflict` (the same idempotency key is being processed) or `idempotency_key_reused`. */
        OrderConflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description `appointment_exists` (`appointment_id`), `invalid_state` (`status`: the order's or the appointment's), `slot_unavailable`, `booking_key_expired`, `idempotency_conflict` or `idempotency_key_reused`. */
        PscConflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description `no_slots` (no bookable slot at the lab's service centers for this query), or `not_found`. */
        PscNoSlots: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description Missing or bad credential: `invalid_credentials` (API key), or for a link token `invalid_token` (unknown, or its user deleted), `token_expired`, `token_consumed` (used by a successful connection). */
        LinkUnauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
        /** @description What the provider expects back (JSON, text, or empty). */
        ProviderWebhookAnswer: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": unknown;
                "text/plain": string;
            };
        };
        /** @description `invalid_credentials` with a `WWW-Authenticate: Bearer` challenge (RFC 6750; `error="invalid_token"` when a token was sent): the device access token is missing, unknown, expired (1 hour), rotated away more than 60 seconds ago, or revoked (signed out, user deleted, mobile-provider connection removed). A team API key sent instead is refused here with a message saying a device token is needed. */
        DeviceTokenUnauthorized: {
            headers: {
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorEnvelope"];
            };
        };
    };
    parameters: {
        UserId: string;
        ContinuousQueryUserId: string;
        /** @description The continuous query's id (uuid) or slug. */
        ContinuousQueryIdOrSlug: string;
        /** @description Only this user. */
        IntrospectUserId: string;
        /** @description Only this provider (or lab) slug; empty (the default) means all. */
        IntrospectProvider: string;
        /** @description Users per page. */
        IntrospectUserLimit: number;
        /**
         * @deprecated
         * @description Deprecated alias of `next_cursor`.
         */
        IntrospectCursor: string;
        /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
        IntrospectNextCursor: string;
        AppointmentOrderId: string;
        LabDocumentOrderId: string;
        /** @description An ETag of an earlier answer; when it still matches, the answer is 304 without a body. */
        LabDocumentIfNoneMatch: string;
        LabOrderId: string;
        LabTestId: string;
        LabTestGenerationMethod: "auto" | "manual" | "all";
        LabTestLabSlug: string;
        LabTestCollectionMethod: components["schemas"]["CollectionMethod"];
        LabTestStatusFilter: components["schemas"]["LabTestStatus"];
        /** @description Repeatable (`marker_ids=1001&marker_ids=1002`). */
        LabTestMarkerIds: number[];
        LabTestName: string;
        LabTestPage: number;
        LabTestPageSize: number;
        WebhookProvider: string;
        /** @description A provider slug; empty (the default) means every provider. */
        SummaryProvider: string;
        /** @description Date (`YYYY-MM-DD`, 00:00:00) or ISO 8601 date-time (no offset = UTC). */
        SummaryStartDateTime: string;
        /** @description Date (`YYYY-MM-DD`, 23:59:59) or ISO 8601 date-time (no offset = UTC); inclusive. */
        SummaryEndDateTime: string;
        /** @description First calendar date (`YYYY-MM-DD`), inclusive. */
        SummaryStartDate: string;
        /** @description Last calendar date (`YYYY-MM-DD`), inclusive. */
        SummaryEndDate: string;
        /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
        TsStartDate: string;
        /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
        TsEndDate: string | null;
        /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
        TsProvider: string;
        /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
        TsNextCursor: string | null;
        /**
         * @deprecated
         * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
         */
        TsCursor: string | null;
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
            /** @description A user with this client_user_id already exists (`duplicate_client_user_id`); or the HTTP edge refused the request (see `BadRequest`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DuplicateClientUserIdError"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
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
    refreshUserData: {
        parameters: {
            query?: {
                timeout?: number;
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every refresh finished. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefreshSuccess"];
                };
            };
            /** @description Some refreshes are still running. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefreshSuccess"];
                };
            };
            /** @description Nothing to refresh, or every source failed; or the HTTP edge refused the request (see `BadRequest`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefreshError"] | components["schemas"]["ErrorEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            /** @description More than 8 refreshes of this user within an hour (`rate_limited`); see `Retry-After`. */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
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
            400: components["responses"]["BadRequest"];
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
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
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
            /** @description The new client_user_id is held by another user (`duplicate_client_user_id`); or the HTTP edge refused the request (see `BadRequest`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DuplicateClientUserIdError"] | components["schemas"]["ErrorEnvelope"];
                };
            };
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
    listProviderCapabilities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The capability matrix. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        providers: components["schemas"]["ConnectorCapabilities"][];
                    };
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
    aggregateUserQuery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AggregationQueryBatch"];
            };
        };
        responses: {
            /** @description One table per query, in the order of `queries`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AggregationResults"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The `Accept` header does not allow `application/json` (`not_acceptable`). */
            406: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getContinuousQueryResultTable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: components["parameters"]["ContinuousQueryUserId"];
                /** @description The continuous query's id (uuid) or slug. */
                query_id_or_slug: components["parameters"]["ContinuousQueryIdOrSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The result table. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AggregationResult"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["ContinuousQueryNotAcceptable"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listContinuousQueryTaskHistory: {
        parameters: {
            query?: {
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: string;
                limit?: number;
            };
            header?: never;
            path: {
                user_id: components["parameters"]["ContinuousQueryUserId"];
                /** @description The continuous query's id (uuid) or slug. */
                query_id_or_slug: components["parameters"]["ContinuousQueryIdOrSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of tasks. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContinuousQueryTaskHistoryPage"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["ContinuousQueryNotAcceptable"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getContinuousQueryFhirObservations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: components["parameters"]["ContinuousQueryUserId"];
                /** @description The continuous query's id (uuid) or slug. */
                query_id_or_slug: components["parameters"]["ContinuousQueryIdOrSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Observations as a FHIR searchset Bundle. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContinuousQueryFhirBundle"];
                    "application/fhir+json": components["schemas"]["ContinuousQueryFhirBundle"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            406: components["responses"]["ContinuousQueryNotAcceptable"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                after?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventFeedPage"];
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
    introspectResources: {
        parameters: {
            query?: {
                /** @description Only this user. */
                user_id?: components["parameters"]["IntrospectUserId"];
                /** @description Only this provider (or lab) slug; empty (the default) means all. */
                provider?: components["parameters"]["IntrospectProvider"];
                /** @description Users per page. */
                user_limit?: components["parameters"]["IntrospectUserLimit"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor`.
                 */
                cursor?: components["parameters"]["IntrospectCursor"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["IntrospectNextCursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of users with their figures. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserResourcesPage"];
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
    introspectHistoricalPulls: {
        parameters: {
            query?: {
                /** @description Only this user. */
                user_id?: components["parameters"]["IntrospectUserId"];
                /** @description Only this provider (or lab) slug; empty (the default) means all. */
                provider?: components["parameters"]["IntrospectProvider"];
                /** @description Users per page. */
                user_limit?: components["parameters"]["IntrospectUserLimit"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor`.
                 */
                cursor?: components["parameters"]["IntrospectCursor"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["IntrospectNextCursor"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of users with their historical pulls. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserHistoricalPullsPage"];
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
    getOrderAreaInfo: {
        parameters: {
            query: {
                zip_code: string;
                radius?: "10" | "20" | "25" | "50" | "100";
                lab?: components["schemas"]["AreaInfoLab"];
                labs?: components["schemas"]["AreaInfoLab"][];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The area information. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AreaInfo"];
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
    getPhlebotomyAvailability: {
        parameters: {
            query?: {
                start_date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UsAddress"];
            };
        };
        responses: {
            /** @description The slots. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvailabilitySlots"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    listPhlebotomyCancellationReasons: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reasons. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancellationReason"][];
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
    getPhlebotomyAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The appointment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
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
    bookPhlebotomyAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookAppointment"];
            };
        };
        responses: {
            /** @description The appointment booked. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["AppointmentConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    requestPhlebotomyAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RequestAppointment"];
            };
        };
        responses: {
            /** @description The appointment requested. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["AppointmentConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    reschedulePhlebotomyAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RescheduleAppointment"];
            };
        };
        responses: {
            /** @description The appointment at its new time. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["AppointmentConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    cancelPhlebotomyAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelAppointment"];
            };
        };
        responses: {
            /** @description The cancelled appointment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["AppointmentConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    phlebotomyPartnerWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The phlebotomy partner (`getlabs`, `phlebfinders`). */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The update was received. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        received: true;
                        /** @enum {string} */
                        outcome: "applied" | "ignored";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The signature does not verify (`invalid_signature`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    createPhlebotomyBookingLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["BookingLinkRequest"];
            };
        };
        responses: {
            /** @description The link (shown once; it is not stored). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingLink"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["AppointmentConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getBookingPageState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingPageState"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["BookingUnauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    getBookingPageAvailability: {
        parameters: {
            query?: {
                start_date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Slots with booking keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvailabilitySlots"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["BookingUnauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    bookBookingPageAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookingPageSlot"];
            };
        };
        responses: {
            /** @description The page state after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingPageState"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["BookingUnauthorized"];
            409: components["responses"]["AppointmentConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    requestBookingPageAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The page state after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingPageState"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["BookingUnauthorized"];
            409: components["responses"]["AppointmentConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    rescheduleBookingPageAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookingPageSlot"];
            };
        };
        responses: {
            /** @description The page state after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingPageState"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["BookingUnauthorized"];
            409: components["responses"]["AppointmentConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    cancelBookingPageAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BookingPageCancel"];
            };
        };
        responses: {
            /** @description The page state after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookingPageState"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["BookingUnauthorized"];
            409: components["responses"]["AppointmentConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    getLabOrderResultPdf: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag of an earlier answer; when it still matches, the answer is 304 without a body. */
                "If-None-Match"?: components["parameters"]["LabDocumentIfNoneMatch"];
            };
            path: {
                order_id: components["parameters"]["LabDocumentOrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["LabDocumentPdf"];
            304: components["responses"]["LabDocumentNotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description Unknown order, another tenant's, or no results yet (`not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["LabDocumentBusy"];
        };
    };
    getLabOrderRequisitionPdf: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag of an earlier answer; when it still matches, the answer is 304 without a body. */
                "If-None-Match"?: components["parameters"]["LabDocumentIfNoneMatch"];
            };
            path: {
                order_id: components["parameters"]["LabDocumentOrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["LabDocumentPdf"];
            304: components["responses"]["LabDocumentNotModified"];
            /** @description The order's sample id cannot be printed as a barcode (`invalid_sample_id`), or the HTTP edge refused the request (see `BadRequest`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["LabDocumentInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["LabDocumentBusy"];
        };
    };
    getLabOrderCollectionInstructionPdf: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag of an earlier answer; when it still matches, the answer is 304 without a body. */
                "If-None-Match"?: components["parameters"]["LabDocumentIfNoneMatch"];
            };
            path: {
                order_id: components["parameters"]["LabDocumentOrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["LabDocumentPdf"];
            304: components["responses"]["LabDocumentNotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["LabDocumentBusy"];
        };
    };
    getLabOrderAbnPdf: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag of an earlier answer; when it still matches, the answer is 304 without a body. */
                "If-None-Match"?: components["parameters"]["LabDocumentIfNoneMatch"];
            };
            path: {
                order_id: components["parameters"]["LabDocumentOrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["LabDocumentPdf"];
            304: components["responses"]["LabDocumentNotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["LabDocumentBusy"];
        };
    };
    getLabOrderLabelsPdf: {
        parameters: {
            query: {
                collection_date: string;
                number_of_labels?: number;
            };
            header?: {
                /** @description An ETag of an earlier answer; when it still matches, the answer is 304 without a body. */
                "If-None-Match"?: components["parameters"]["LabDocumentIfNoneMatch"];
            };
            path: {
                order_id: components["parameters"]["LabDocumentOrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["LabDocumentPdf"];
            304: components["responses"]["LabDocumentNotModified"];
            /** @description The order's sample id cannot be printed as a barcode (`invalid_sample_id`), or the HTTP edge refused the request (see `BadRequest`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["LabDocumentInvalidState"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["LabDocumentBusy"];
        };
    };
    getLabTestCollectionInstructionPdf: {
        parameters: {
            query?: never;
            header?: {
                /** @description An ETag of an earlier answer; when it still matches, the answer is 304 without a body. */
                "If-None-Match"?: components["parameters"]["LabDocumentIfNoneMatch"];
            };
            path: {
                lab_test_id: components["parameters"]["LabTestId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["LabDocumentPdf"];
            304: components["responses"]["LabDocumentNotModified"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["LabDocumentBusy"];
        };
    };
    createLabOrder: {
        parameters: {
            query?: never;
            header?: {
                "X-Idempotency-Key"?: string;
                "X-Idempotency-Error"?: "no-cache";
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOrder"];
            };
        };
        responses: {
            /** @description The order created (or the stored answer replayed). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostOrderResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["OrderConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listLabOrders: {
        parameters: {
            query?: {
                search_input?: string;
                start_date?: components["schemas"]["OrderDateBound"];
                end_date?: components["schemas"]["OrderDateBound"];
                updated_start_date?: components["schemas"]["OrderDateBound"];
                updated_end_date?: components["schemas"]["OrderDateBound"];
                status?: components["schemas"]["OrderLowLevelStatus"][];
                order_key?: "created_at" | "patient_name" | "last_status";
                order_direction?: "asc" | "desc";
                order_type?: components["schemas"]["CollectionMethod"][];
                is_critical?: boolean;
                interpretation?: components["schemas"]["OrderInterpretation"];
                order_activation_types?: ("current" | "scheduled")[];
                user_id?: string;
                patient_name?: string;
                shipping_recipient_name?: string;
                order_ids?: string[];
                page?: number;
                size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of orders. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrdersPage"];
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
    importLabOrder: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ImportOrder"];
            };
        };
        responses: {
            /** @description The order recorded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostOrderResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["OrderConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    resendLabOrderEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    order_ids?: string[];
                    /** Format: date-time */
                    start_at?: string;
                    /** Format: date-time */
                    end_at?: string;
                };
            };
        };
        responses: {
            /** @description The orders whose event was emitted again. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        order_ids: string[];
                    };
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
    getLabOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["LabOrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Order"];
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
    updateLabOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["LabOrderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PatchOrder"];
            };
        };
        responses: {
            /** @description The order updated. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostOrderResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["OrderConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    cancelLabOrder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["LabOrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order cancelled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostOrderResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["OrderConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    completeLabOrderDraw: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["LabOrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order at `draw_completed`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostOrderResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["OrderConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    simulateLabOrder: {
        parameters: {
            query?: {
                final_status?: components["schemas"]["OrderStatus"];
                delay?: number;
            };
            header?: never;
            path: {
                order_id: components["parameters"]["LabOrderId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    interpretation?: components["schemas"]["OrderInterpretation"];
                    result_types?: ("numeric" | "range" | "comment" | "coded_value")[];
                    has_missing_results?: boolean;
                };
            };
        };
        responses: {
            /** @description The walk is done (or under way, with `delay`). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["OrderConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getLabOrderResults: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["LabOrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabResults"];
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
    getLabOrderResultsMetadata: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["LabOrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report metadata. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabResultsMetadata"];
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
    getPscAvailability: {
        parameters: {
            query: {
                lab: "quest" | "sonora_quest";
                start_date?: string;
                site_codes?: string[];
                zip_code?: string;
                radius?: "10" | "20" | "25" | "50" | "100";
                allow_stale?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The slots. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvailabilitySlots"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["PscNoSlots"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    listPscCancellationReasons: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The reasons. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancellationReason"][];
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
    getPscInfo: {
        parameters: {
            query: {
                zip_code: string;
                lab_id: number;
                radius?: "10" | "20" | "25" | "50" | "100";
                capabilities?: ("stat" | "appointment_scheduling_via_meridian" | "appointment_scheduling_with_lab")[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lab and its service centers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PscInfo"];
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
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    getOrderPscInfo: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order's lab and its service centers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PscInfo"];
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
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    getPscAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The appointment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
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
    bookPscAppointment: {
        parameters: {
            query?: never;
            header?: {
                "x-idempotency-key"?: string;
            };
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PscBookAppointment"];
            };
        };
        responses: {
            /** @description The appointment booked (or the stored answer replayed). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["PscConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    reschedulePscAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RescheduleAppointment"];
            };
        };
        responses: {
            /** @description The appointment at its new time. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["PscConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    cancelPscAppointment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                order_id: components["parameters"]["AppointmentOrderId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PscCancelAppointment"];
            };
        };
        responses: {
            /** @description The cancelled appointment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Appointment"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["PscConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    createLabReportParsingJob: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["LabReportUpload"];
            };
        };
        responses: {
            /** @description The job, in `upload_pending`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ParsingJob"];
                };
            };
            /** @description The upload was refused: `unsupported_file_type`, `empty_file`, `content_type_mismatch`, `too_many_files`, `invalid_file`, `too_many_pages` or `human_review_not_enabled`; `invalid_multipart` for a malformed multipart body; or the HTTP edge refused the request (see `BadRequest`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The files together are larger than 30 MiB (`file_too_large`). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            /** @description Too many uploads are being received at once (`upload_capacity_exhausted`); retry after the `Retry-After` seconds. */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
        };
    };
    getLabReportParsingJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                job_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ParsingJob"];
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
    createTestkitOrder: {
        parameters: {
            query?: {
                awaiting_registration?: boolean;
                sample_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOrder"];
            };
        };
        responses: {
            /** @description The kit order (after its dispatch). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostOrderResponse"];
                };
            };
            400: components["responses"]["AppointmentBadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["OrderConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["PartnerUnavailable"];
        };
    };
    registerTestkit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RegisterTestkit"];
            };
        };
        responses: {
            /** @description The registered kit order. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostOrderResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["OrderConflict"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    testkitFulfilmentWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The fulfilment partner (`kitship`). */
                provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scan was received. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        received: true;
                        /** @enum {string} */
                        outcome: "applied" | "ignored";
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description The signature does not verify (`invalid_signature`). */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listLabTests: {
        parameters: {
            query?: {
                generation_method?: components["parameters"]["LabTestGenerationMethod"];
                lab_slug?: components["parameters"]["LabTestLabSlug"];
                collection_method?: components["parameters"]["LabTestCollectionMethod"];
                status?: components["parameters"]["LabTestStatusFilter"];
                /** @description Repeatable (`marker_ids=1001&marker_ids=1002`). */
                marker_ids?: components["parameters"]["LabTestMarkerIds"];
                name?: components["parameters"]["LabTestName"];
                order_key?: "created_at" | "updated_at" | "price" | "name";
                order_direction?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lab tests. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabTest"][];
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
    createLabTest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LabTestCreate"];
            };
        };
        responses: {
            /** @description The lab test created. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabTest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            /** @description The team environment already holds 1,000 lab tests (`lab_test_limit_reached`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listLabMarkers: {
        parameters: {
            query?: {
                lab_id?: number;
                lab_slug?: string;
                name?: string;
                page?: components["parameters"]["LabTestPage"];
                size?: components["parameters"]["LabTestPageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of markers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarkersPage"];
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
    listOrderSetMarkers: {
        parameters: {
            query?: {
                page?: components["parameters"]["LabTestPage"];
                size?: components["parameters"]["LabTestPageSize"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderSet"];
            };
        };
        responses: {
            /** @description One page of the order set's markers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarkersPage"];
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
    listLabs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The labs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabListing"][];
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
    getLabTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                lab_test_id: components["parameters"]["LabTestId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The lab test. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabTest"];
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
    updateLabTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                lab_test_id: components["parameters"]["LabTestId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LabTestPatch"];
            };
        };
        responses: {
            /** @description The lab test as changed. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabTest"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The lab test is pending approval (`invalid_state`, with `status`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listLabTestMarkers: {
        parameters: {
            query?: {
                page?: components["parameters"]["LabTestPage"];
                size?: components["parameters"]["LabTestPageSize"];
            };
            header?: never;
            path: {
                lab_test_id: components["parameters"]["LabTestId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the lab test's markers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarkersPage"];
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
    getLabMarker: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                lab_id: number;
                provider_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The marker. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Marker"];
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
    pageLabTests: {
        parameters: {
            query?: {
                generation_method?: components["parameters"]["LabTestGenerationMethod"];
                lab_slug?: components["parameters"]["LabTestLabSlug"];
                collection_method?: components["parameters"]["LabTestCollectionMethod"];
                status?: components["parameters"]["LabTestStatusFilter"];
                /** @description Repeatable (`marker_ids=1001&marker_ids=1002`). */
                marker_ids?: components["parameters"]["LabTestMarkerIds"];
                name?: components["parameters"]["LabTestName"];
                limit?: number;
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: string;
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor`.
                 */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of lab tests. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LabTestPage"];
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
    createLinkToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkTokenRequest"];
            };
        };
        responses: {
            /** @description The token (shown once) and the widget URL. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkTokenResponse"];
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
    isLinkTokenValid: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Validity. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        valid: boolean;
                    };
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
    createLinkCode: {
        parameters: {
            query: {
                user_id: string;
                expires_at?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The code (shown once). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        exchange_url: string;
                        /** Format: date-time */
                        expires_at: string;
                    };
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
    exchangeLinkCode: {
        parameters: {
            query?: {
                code?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": {
                    code?: string;
                };
            };
        };
        responses: {
            /** @description A new link token. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkTokenResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listLinkProviders: {
        parameters: {
            query?: never;
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
            400: components["responses"]["BadRequest"];
            401: components["responses"]["LinkUnauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getLinkOAuthProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                oauth_provider: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The provider, `oauth_url` filled. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkSource"];
                };
            };
            /** @description No OAuth app configured for the provider (`provider_not_configured`), or the HTTP edge refused the request (see `BadRequest`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            401: components["responses"]["LinkUnauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    startLinkAuth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    provider: string;
                };
            };
        };
        responses: {
            /** @description Where to send the browser. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        auth_type: "oauth";
                        oauth_url: string;
                    };
                };
            };
            /** @description No OAuth app configured for the provider (`provider_not_configured`), or the HTTP edge refused the request (see `BadRequest`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            401: components["responses"]["LinkUnauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    linkOAuthCallback: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                error?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect to the widget's return page. */
            302: {
                headers: {
                    Location?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    linkPasswordProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    password: string;
                    region?: string;
                };
            };
        };
        responses: {
            /** @description The outcome. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderLinkResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["LinkUnauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    completeLinkPasswordMfa: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    mfa_code: string;
                };
            };
        };
        responses: {
            /** @description The outcome. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderLinkResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["LinkUnauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    linkEmailProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    provider?: string;
                    region?: string;
                };
            };
        };
        responses: {
            /** @description The outcome. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderLinkResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["LinkUnauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    linkEmailProviderFromWidget: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    provider: string;
                    /** Format: email */
                    email: string;
                    region?: string;
                };
            };
        };
        responses: {
            /** @description The outcome. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProviderLinkResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["LinkUnauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    connectManualProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    user_id: string;
                    provider_id?: string;
                };
            };
        };
        responses: {
            /** @description Connected. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                    };
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
    startLinkSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description The link session. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkStart"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["LinkUnauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    getLinkState: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The state. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkState"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["LinkUnauthorized"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    connectDemoProvider: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["DemoConnectRequest"];
            };
        };
        responses: {
            /** @description Connected (or already connected). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DemoConnectResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            /** @description Wrong key type (`wrong_key_type`), or a production key (`forbidden`: demo connections are available in the sandbox environment only). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    providerWebhookVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: components["parameters"]["WebhookProvider"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            default: components["responses"]["ProviderWebhookAnswer"];
        };
    };
    providerWebhookNotify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: components["parameters"]["WebhookProvider"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            default: components["responses"]["ProviderWebhookAnswer"];
        };
    };
    providerWebhookProbe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: components["parameters"]["WebhookProvider"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            /** @description The answer for the probe. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    providerTeamWebhookVerify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: components["parameters"]["WebhookProvider"];
                team_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            default: components["responses"]["ProviderWebhookAnswer"];
        };
    };
    providerTeamWebhookNotify: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: components["parameters"]["WebhookProvider"];
                team_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            default: components["responses"]["ProviderWebhookAnswer"];
        };
    };
    providerTeamWebhookProbe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: components["parameters"]["WebhookProvider"];
                team_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
            /** @description The answer for the probe. */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createSignInToken: {
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
            /** @description The sign-in token (shown once). */
            200: {
                headers: {
                    "Cache-Control"?: "no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInTokenResponse"];
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
    sdkAuthToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SdkTokenRequest"];
            };
        };
        responses: {
            /** @description The device session. */
            200: {
                headers: {
                    "Cache-Control"?: "no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SdkTokenResponse"];
                };
            };
            /** @description `invalid_grant`: the sign-in or refresh token is unknown, expired, already used or revoked (sign in again), or a refresh token was replayed after its grace window (its session family is revoked). Also the edge's `BadRequest` answers. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    sdkAuthRevoke: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SdkRevokeRequest"];
            };
        };
        responses: {
            /** @description Revoked (or nothing to revoke). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success"];
                };
            };
            400: components["responses"]["BadRequest"];
            413: components["responses"]["PayloadTooLarge"];
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    pushSdkData: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: "apple_health_kit" | "health_connect" | "samsung_health";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SdkPushRequest"];
            };
        };
        responses: {
            /** @description The outcome per resource. */
            200: {
                headers: {
                    /** @description `true` when this is the stored answer of an earlier identical request. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SdkPushResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["DeviceTokenUnauthorized"];
            404: components["responses"]["NotFound"];
            /** @description `batch_id_reused` (the device used this `batch_id` for different content) or `batch_in_progress` (another request is storing this batch; retry after `Retry-After`). */
            409: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            /** @description `payload_too_large` (the body is over 8 MB) or `too_many_records` (over 10,000 records in the batch, with `max_records`): split the batch. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            414: components["responses"]["UriTooLong"];
            422: components["responses"]["ValidationFailed"];
            /** @description Too many pushes from this device (`rate_limited`); retry after `Retry-After` seconds. */
            429: {
                headers: {
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorEnvelope"];
                };
            };
            431: components["responses"]["HeaderFieldsTooLarge"];
            500: components["responses"]["InternalError"];
        };
    };
    listUserDevices: {
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
            /** @description The devices. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SdkDeviceList"];
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
    getUserDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
                device_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The device. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SdkDevice"];
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
    getActivitySummaries: {
        parameters: {
            query: {
                /** @description A provider slug; empty (the default) means every provider. */
                provider?: components["parameters"]["SummaryProvider"];
                /** @description Date (`YYYY-MM-DD`, 00:00:00) or ISO 8601 date-time (no offset = UTC). */
                start_date: components["parameters"]["SummaryStartDateTime"];
                /** @description Date (`YYYY-MM-DD`, 23:59:59) or ISO 8601 date-time (no offset = UTC); inclusive. */
                end_date?: components["parameters"]["SummaryEndDateTime"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's summaries in the range. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ActivityList"];
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
    getBodySummaries: {
        parameters: {
            query: {
                /** @description A provider slug; empty (the default) means every provider. */
                provider?: components["parameters"]["SummaryProvider"];
                /** @description Date (`YYYY-MM-DD`, 00:00:00) or ISO 8601 date-time (no offset = UTC). */
                start_date: components["parameters"]["SummaryStartDateTime"];
                /** @description Date (`YYYY-MM-DD`, 23:59:59) or ISO 8601 date-time (no offset = UTC); inclusive. */
                end_date?: components["parameters"]["SummaryEndDateTime"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's summaries in the range. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BodyList"];
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
    getMealSummaries: {
        parameters: {
            query: {
                /** @description A provider slug; empty (the default) means every provider. */
                provider?: components["parameters"]["SummaryProvider"];
                /** @description Date (`YYYY-MM-DD`, 00:00:00) or ISO 8601 date-time (no offset = UTC). */
                start_date: components["parameters"]["SummaryStartDateTime"];
                /** @description Date (`YYYY-MM-DD`, 23:59:59) or ISO 8601 date-time (no offset = UTC); inclusive. */
                end_date?: components["parameters"]["SummaryEndDateTime"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's summaries in the range. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MealList"];
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
    getSleepSummaries: {
        parameters: {
            query: {
                /** @description A provider slug; empty (the default) means every provider. */
                provider?: components["parameters"]["SummaryProvider"];
                /** @description Date (`YYYY-MM-DD`, 00:00:00) or ISO 8601 date-time (no offset = UTC). */
                start_date: components["parameters"]["SummaryStartDateTime"];
                /** @description Date (`YYYY-MM-DD`, 23:59:59) or ISO 8601 date-time (no offset = UTC); inclusive. */
                end_date?: components["parameters"]["SummaryEndDateTime"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's summaries in the range. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SleepList"];
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
    getWorkoutSummaries: {
        parameters: {
            query: {
                /** @description A provider slug; empty (the default) means every provider. */
                provider?: components["parameters"]["SummaryProvider"];
                /** @description Date (`YYYY-MM-DD`, 00:00:00) or ISO 8601 date-time (no offset = UTC). */
                start_date: components["parameters"]["SummaryStartDateTime"];
                /** @description Date (`YYYY-MM-DD`, 23:59:59) or ISO 8601 date-time (no offset = UTC); inclusive. */
                end_date?: components["parameters"]["SummaryEndDateTime"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's summaries in the range. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkoutList"];
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
    getSleepCycleSummaries: {
        parameters: {
            query: {
                /** @description A provider slug; empty (the default) means every provider. */
                provider?: components["parameters"]["SummaryProvider"];
                /** @description First calendar date (`YYYY-MM-DD`), inclusive. */
                start_date: components["parameters"]["SummaryStartDate"];
                /** @description Last calendar date (`YYYY-MM-DD`), inclusive. */
                end_date?: components["parameters"]["SummaryEndDate"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's summaries in the range. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SleepCycleList"];
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
    getMenstrualCycleSummaries: {
        parameters: {
            query: {
                /** @description A provider slug; empty (the default) means every provider. */
                provider?: components["parameters"]["SummaryProvider"];
                /** @description First calendar date (`YYYY-MM-DD`), inclusive. */
                start_date: components["parameters"]["SummaryStartDate"];
                /** @description Last calendar date (`YYYY-MM-DD`), inclusive. */
                end_date?: components["parameters"]["SummaryEndDate"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's summaries in the range. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MenstrualCycleList"];
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
    getElectrocardiogramSummaries: {
        parameters: {
            query: {
                /** @description A provider slug; empty (the default) means every provider. */
                provider?: components["parameters"]["SummaryProvider"];
                /** @description First calendar date (`YYYY-MM-DD`), inclusive. */
                start_date: components["parameters"]["SummaryStartDate"];
                /** @description Last calendar date (`YYYY-MM-DD`), inclusive. */
                end_date?: components["parameters"]["SummaryEndDate"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user's summaries in the range. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ElectrocardiogramList"];
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
    getProfileSummary: {
        parameters: {
            query?: {
                /** @description A provider slug; empty (the default) means every provider. */
                provider?: components["parameters"]["SummaryProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The latest profile. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Profile"];
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
    getTeamLinkConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The link configuration. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TeamLinkConfig"];
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
    getTeam: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                team_id: string;
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
                    "application/json": components["schemas"]["DataApiTeam"];
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
    getGroupedBloodOxygen: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedBloodOxygenResponse"];
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
    getGroupedBodyFat: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedBodyFatResponse"];
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
    getGroupedStressLevel: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedStressLevelResponse"];
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
    getGroupedBodyWeight: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedBodyWeightResponse"];
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
    getGroupedCaloriesBasal: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedCaloriesBasalResponse"];
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
    getGroupedFloorsClimbed: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedFloorsClimbedResponse"];
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
    getGroupedWater: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedWaterResponse"];
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
    getGroupedGlucose: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedGlucoseResponse"];
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
    getGroupedHeartrate: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedHeartrateResponse"];
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
    getGroupedRespiratoryRate: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedRespiratoryRateResponse"];
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
    getGroupedHrv: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedHrvResponse"];
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
    getGroupedFall: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedFallResponse"];
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
    getGroupedHandwashing: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedHandwashingResponse"];
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
    getGroupedHeartRateRecoveryOneMinute: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedHeartRateRecoveryOneMinuteResponse"];
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
    getGroupedInhalerUsage: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedInhalerUsageResponse"];
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
    getGroupedSleepApneaAlert: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedSleepApneaAlertResponse"];
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
    getGroupedSteps: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedStepsResponse"];
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
    getGroupedWheelchairPush: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedWheelchairPushResponse"];
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
    getGroupedWorkoutSwimmingStroke: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedWorkoutSwimmingStrokeResponse"];
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
    getGroupedDaylightExposure: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedDaylightExposureResponse"];
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
    getGroupedMindfulnessMinutes: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedMindfulnessMinutesResponse"];
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
    getGroupedStandDuration: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedStandDurationResponse"];
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
    getGroupedDistance: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedDistanceResponse"];
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
    getGroupedWorkoutDistance: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedWorkoutDistanceResponse"];
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
    getGroupedCaffeine: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedCaffeineResponse"];
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
    getGroupedCarbohydrates: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedCarbohydratesResponse"];
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
    getGroupedForcedExpiratoryVolume1: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedForcedExpiratoryVolume1Response"];
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
    getGroupedForcedVitalCapacity: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedForcedVitalCapacityResponse"];
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
    getGroupedBodyMassIndex: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedBodyMassIndexResponse"];
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
    getGroupedUvExposure: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedUvExposureResponse"];
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
    getGroupedAfibBurden: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedAfibBurdenResponse"];
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
    getGroupedBasalBodyTemperature: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedBasalBodyTemperatureResponse"];
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
    getGroupedCaloriesActive: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedCaloriesActiveResponse"];
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
    getGroupedLeanBodyMass: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedLeanBodyMassResponse"];
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
    getGroupedPeakExpiratoryFlowRate: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedPeakExpiratoryFlowRateResponse"];
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
    getGroupedVo2Max: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedVo2MaxResponse"];
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
    getGroupedWaistCircumference: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedWaistCircumferenceResponse"];
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
    getGroupedBloodPressure: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedBloodPressureResponse"];
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
    getGroupedBodyTemperature: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedBodyTemperatureResponse"];
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
    getGroupedBodyTemperatureDelta: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedBodyTemperatureDeltaResponse"];
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
    getGroupedCholesterol: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedCholesterolResponse"];
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
    getGroupedElectrocardiogramVoltage: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedElectrocardiogramVoltageResponse"];
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
    getGroupedIge: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedIgeResponse"];
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
    getGroupedIgg: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedIggResponse"];
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
    getGroupedHeartRateAlert: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedHeartRateAlertResponse"];
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
    getGroupedStandHour: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedStandHourResponse"];
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
    getGroupedSleepBreathingDisturbance: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedSleepBreathingDisturbanceResponse"];
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
    getGroupedHypnogram: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedHypnogramResponse"];
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
    getGroupedInsulinInjection: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedInsulinInjectionResponse"];
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
    getGroupedNote: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedNoteResponse"];
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
    getGroupedWorkoutDuration: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedWorkoutDurationResponse"];
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
    getGroupedTimeseries: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
                /** @description The `next_cursor` of the previous page; absent or empty for the first page. */
                next_cursor?: components["parameters"]["TsNextCursor"];
                /**
                 * @deprecated
                 * @description Deprecated alias of `next_cursor` (ignored when `next_cursor` is sent).
                 */
                cursor?: components["parameters"]["TsCursor"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
                resource: components["schemas"]["TsSlug"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of samples (the slug-specific schemas describe the samples exactly). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GroupedTimeseriesResponse"];
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
    getLegacyVo2Max: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsVo2MaxSample"][];
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
    getLegacyStressLevel: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsStressLevelSample"][];
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
    getLegacyMindfulnessMinutes: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsMindfulnessMinutesSample"][];
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
    getLegacyCaffeine: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsCaffeineSample"][];
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
    getLegacyWater: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsWaterSample"][];
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
    getLegacySteps: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsStepsSample"][];
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
    getLegacyFloorsClimbed: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsFloorsClimbedSample"][];
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
    getLegacyDistance: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsDistanceSample"][];
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
    getLegacyCaloriesBasal: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsCaloriesBasalSample"][];
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
    getLegacyCaloriesActive: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsCaloriesActiveSample"][];
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
    getLegacyRespiratoryRate: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsRespiratoryRateSample"][];
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
    getLegacyIge: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsIgeSample"][];
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
    getLegacyIgg: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsIggSample"][];
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
    getLegacyHypnogram: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsHypnogramSample"][];
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
    getLegacyHrv: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsHrvSample"][];
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
    getLegacyHeartrate: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsHeartrateSample"][];
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
    getLegacyGlucose: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsGlucoseSample"][];
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
    getLegacyCholesterol: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsCholesterolSample"][];
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
    getLegacyBodyWeight: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsBodyWeightSample"][];
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
    getLegacyBodyFat: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsBodyFatSample"][];
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
    getLegacyBloodOxygen: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsBloodOxygenSample"][];
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
    getLegacyElectrocardiogramVoltage: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsElectrocardiogramVoltageSample"][];
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
    getLegacyBloodPressure: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsBloodPressureSample"][];
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
    getLegacyCholesterolTriglycerides: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsCholesterolSample"][];
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
    getLegacyCholesterolTotal: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsCholesterolSample"][];
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
    getLegacyCholesterolLdl: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsCholesterolSample"][];
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
    getLegacyCholesterolHdl: {
        parameters: {
            query: {
                /** @description `YYYY-MM-DD` (00:00:00 UTC) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. */
                start_date: components["parameters"]["TsStartDate"];
                /** @description `YYYY-MM-DD` (through 23:59:59 UTC of that day) or an ISO 8601 date-time (UTC when it has no offset). Inclusive. Absent or empty: no upper bound. Before start_date → 422. */
                end_date?: components["parameters"]["TsEndDate"];
                /** @description Provider (or lab) slug; empty = every provider; an unknown slug matches nothing. */
                provider?: components["parameters"]["TsProvider"];
            };
            header?: never;
            path: {
                user_id: components["parameters"]["UserId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The samples, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TsCholesterolSample"][];
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
    getSleepStream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sleep_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sleep stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SleepStream"];
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
    getWorkoutStream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                workout_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workout stream. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkoutStream"];
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
}
