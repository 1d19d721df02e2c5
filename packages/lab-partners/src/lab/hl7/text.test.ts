import { Hl7Message, Hl7Segment } from '@medplum/core';
import { readFreeText, readText } from './read';
import { escapeHl7, hl7Components, segmentFields, unescapeHl7 } from './text';

describe('HL7 escaping', () => {
  it('escapes every delimiter and line breaks, and reads them back', () => {
    const value = 'a|b^c&d~e\\f\r\ng';
    expect(escapeHl7(value)).toBe('a\\F\\b\\S\\c\\T\\d\\R\\e\\E\\f\\.br\\g');
    expect(unescapeHl7(escapeHl7(value))).toBe('a|b^c&d~e\\f\ng');
  });

  it('reads hex sequences, drops formatting ones and keeps an unterminated escape', () => {
    expect(unescapeHl7('x\\X41\\y\\H\\z\\N\\')).toBe('xAyz');
    expect(unescapeHl7('tail\\F')).toBe('tail\\F');
  });

  it('builds components with subcomponents and drops trailing empties', () => {
    expect(hl7Components('a^b', ['x&y', 'z'], '', null)).toBe('a\\S\\b^x\\T\\y&z');
    expect(segmentFields('PV1', { 2: 'O', 4: 'X' })).toEqual(['PV1', '', 'O', '', 'X']);
  });

  it('survives a trip through @medplum/core, field text intact', () => {
    const name = "O'Brien|Smith^Jr & Co~";
    const seg = new Hl7Segment(segmentFields('PID', { 5: hl7Components(name, 'Ada') }));
    const parsed = Hl7Message.parse(`MSH|^~\\&|A\r${seg.toString()}`).getSegment('PID')!;
    expect(readText(parsed, 5, 1)).toBe(name);
    expect(readText(parsed, 5, 2)).toBe('Ada');
    expect(readFreeText(parsed, 5)).toBe(`${name}^Ada`);
  });
});
