/** The worker tests' generated reports (an English report with known results, a German one), reused end to end. */
export * from '../../services/lab-report-parser/src/testing/sample-reports';
