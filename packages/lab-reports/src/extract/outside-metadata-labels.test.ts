/** Label wordings of labs outside our generated corpus (issue #15); our own paraphrases of them. */
import { detectDateConvention } from './date-convention';
import { labelOf } from './metadata-labels';

describe('labelOf: outside wordings', () => {
  it('reads a patient label after "Pt" or "Patient" rather than a near miss of another label', () => {
    expect(labelOf('Pt DOB')?.field).toBe('dob');
    expect(labelOf('Patient DOB:')?.field).toBe('dob');
    expect(labelOf('Pt Sex')?.field).toBe('sex');
    expect(labelOf('Patient Gender')?.field).toBe('sex');
    expect(labelOf('Patient No')?.field).toBe('other');
    expect(labelOf('Pt INR')).toBeNull();
  });

  it('reads two wordings of one label, and no label in a value with a slash', () => {
    expect(labelOf('Sexe / Sex')?.field).toBe('sex');
    expect(labelOf('Date de naissance / Date of birth')?.field).toBe('dob');
    expect(labelOf("No d'échantillon / Specimen No")?.field).toBe('specimen');
    expect(labelOf('Rapporté / Reported')?.field).toBe('reported');
    expect(labelOf('Collected Date/Time: 2024-Mar-01')).toBeNull();
    // Two fields: no one label.
    expect(labelOf('Collected / Reported')).toBeNull();
  });

  it('reads combined name and birth-date labels', () => {
    expect(labelOf('Surname / Forename')?.field).toBe('nameLastFirst');
    expect(labelOf('Last Name/First Name')?.field).toBe('nameLastFirst');
    expect(labelOf('Forename / Surname')?.field).toBe('name');
    expect(labelOf('DOB / Age')?.field).toBe('dob');
    expect(labelOf('Patient Name (Last, First, MI)')?.field).toBe('name');
    expect(labelOf('DOB (Age)')?.field).toBe('dob');
  });

  it('reads report and collection wordings of hospital and Indian systems', () => {
    // "FINAL REPORT" alone is a heading; before a colon, a label (see outside-metadata.test.ts).
    expect(labelOf('FINAL REPORT')).toBeNull();
    expect(labelOf('Rpt Date/Time')?.field).toBe('reported');
    expect(labelOf('Date of Final Report')?.field).toBe('reported');
    expect(labelOf('Report Generation')?.field).toBe('reported');
    expect(labelOf('Coll Date/Time')?.field).toBe('collected');
    expect(labelOf('Sample Coll. Date')?.field).toBe('collected');
    expect(labelOf('Sex at Birth')?.field).toBe('sex');
    expect(labelOf('Reporting Date')?.field).toBe('reported');
    expect(labelOf('Last Resulted')?.field).toBe('reported');
    expect(labelOf('Legal Sex')?.field).toBe('sex');
  });

  it('knows labels that are neither dates nor specimen numbers', () => {
    expect(labelOf('Sample Receiving')?.field).toBe('other');
    expect(labelOf('Visit ID')?.field).toBe('other');
    expect(labelOf('Client Ref')?.field).toBe('other');
  });

  it('weighs order and requisition numbers below accession and specimen numbers', () => {
    expect(labelOf('Order #')).toMatchObject({ field: 'specimen' });
    expect(labelOf('Order #')?.weight).toBeLessThan(labelOf('Accession')?.weight ?? 0);
    expect(labelOf('Requisition #')?.weight).toBeLessThan(labelOf('Specimen ID')?.weight ?? 0);
  });
});

describe('detectDateConvention: outside reports', () => {
  it('reads "03/03/2024" and "03/04/2024" as a day apart rather than a month', () => {
    expect(detectDateConvention('Collected: 03/03/2024  Reported: 03/04/2024')).toEqual({
      convention: 'mdy',
      confidence: 0.75,
      source: 'dates',
    });
  });

  it('counts two-digit years among the report’s own dates', () => {
    expect(detectDateConvention('Date of Sample: 03.03.24 08:55  Date Reported: 04.03.24').convention).toBe(
      'dmy',
    );
  });

  it('takes a British patient label (Forename) for a day-first country', () => {
    expect(detectDateConvention('Forename: Ailsa  DOB: 02.07.1975')).toMatchObject({
      convention: 'dmy',
      source: 'country',
    });
  });
});
