import { collectionInstructionsPdf, collectionSteps } from './collection-instructions-pdf';
import { brand, order } from './testing/fixtures';
import { pageTexts, readPdfText } from './testing/pdf-text';
import { type DocumentLabTest } from './types';

const labTest = (overrides: Partial<DocumentLabTest> = {}): DocumentLabTest => ({
  ...order().lab_test,
  ...overrides,
});

async function textOf(pdf: Uint8Array): Promise<string> {
  const [read] = await readPdfText(pdf);
  return pageTexts(read!).join('\n');
}

describe('collectionInstructionsPdf', () => {
  it('tells a fasting at-home patient to fast and what the phlebotomy visit needs', async () => {
    const text = await textOf(
      await collectionInstructionsPdf({ lab_test: labTest(), order: order(), brand }),
    );
    expect(text).toContain('Collection Instructions');
    expect(text).toContain('Patient: Doe, Jane');
    expect(text).toContain('PREPARATION: FASTING REQUIRED');
    expect(text).toContain('Fast for 8 to 12 hours');
    expect(text).toContain('phlebotomist comes to your address');
    expect(text).toContain('Glucose, Cholesterol, Total, HDL Cholesterol, Hemoglobin A1c');
    expect(text).toContain('Page 1 of 1');
    expect(text).not.toContain('Prick the side of a fingertip');
  });

  it('gives a dried-blood-spot test kit its own steps, without an order', async () => {
    const text = await textOf(
      await collectionInstructionsPdf({
        lab_test: labTest({ method: 'testkit', sample_type: 'dried_blood_spot', fasting: false }),
      }),
    );
    expect(text).toContain('Lab test: Metabolic Panel');
    expect(text).toContain('No fasting is needed');
    expect(text).not.toContain('Fast for 8 to 12 hours');
    expect(text).toContain('Prick the side of a fingertip');
    expect(text).toContain('prepaid label');
    expect(text).toContain('Instructions for Metabolic Panel · Meridian');
  });

  it('follows the method override over the lab test default', async () => {
    const text = await textOf(
      await collectionInstructionsPdf({ lab_test: labTest(), collection_method: 'walk_in_test', brand }),
    );
    expect(text).toContain('patient service center');
    expect(text).not.toContain('phlebotomist comes to your address');
  });

  it('is deterministic', async () => {
    const a = await collectionInstructionsPdf({ lab_test: labTest(), order: order(), brand });
    const b = await collectionInstructionsPdf({ lab_test: labTest(), order: order(), brand });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });
});

describe('collectionSteps', () => {
  it('adds the specimen steps for kits and self-collected samples, not for venous draws', () => {
    expect(collectionSteps('testkit', 'saliva').join(' ')).toContain('Spit into the tube');
    expect(collectionSteps('at_home_phlebotomy', 'serum').join(' ')).not.toContain('venous blood draw');
    expect(collectionSteps('testkit', 'serum').join(' ')).toContain('venous blood draw');
    expect(collectionSteps('on_site_collection', 'urine').join(' ')).toContain('midstream');
  });
});

describe('collectionSteps order', () => {
  it('puts a kit’s packing steps after the collection itself', () => {
    const steps = collectionSteps('testkit', 'dried_blood_spot');
    const prick = steps.findIndex((s) => s.includes('Prick the side of a fingertip'));
    const pack = steps.findIndex((s) => s.includes('prepaid label'));
    const open = steps.findIndex((s) => s.startsWith('Open the kit'));
    expect(open).toBeLessThan(prick);
    expect(prick).toBeLessThan(pack);
  });
});
