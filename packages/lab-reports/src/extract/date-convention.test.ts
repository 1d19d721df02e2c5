import { detectDateConvention, misreadDateEvidence } from './date-convention';

describe('detectDateConvention', () => {
  it('takes the order from dates OCR misread when no date reads cleanly', () => {
    expect(misreadDateEvidence('Reported: 23/08:2025')).toEqual({ mdy: 0, dmy: 1 });
    expect(misreadDateEvidence('Received: 23082025')).toEqual({ mdy: 0, dmy: 1 });
    expect(misreadDateEvidence('Collected 08/23 2025')).toEqual({ mdy: 1, dmy: 0 });
    // A time before a year is no date; nor is an identifier of eight digits inside a longer one.
    expect(misreadDateEvidence('at 16:05 2024')).toEqual({ mdy: 0, dmy: 0 });
    expect(misreadDateEvidence('Lab No: C23082025')).toEqual({ mdy: 0, dmy: 0 });
    const c = detectDateConvention('DOB: 01/09/1991  Reported: 23/08:2025');
    expect(c).toEqual({ convention: 'dmy', confidence: 0.9, source: 'dates' });
  });

  it('prefers dates read cleanly over misread ones', () => {
    expect(detectDateConvention('DOB: 03/14/1975  Reported: 23/08:2025').convention).toBe('mdy');
  });
});
