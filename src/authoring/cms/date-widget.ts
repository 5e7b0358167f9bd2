/**
 * The editor's field for a plain date (a review date, a publish date): the browser's own date picker, in the office's
 * local date, written as it reads (2025-03-14). Decap's datetime field wrote "Now" in UTC (tomorrow, on a Texas evening)
 * and showed UTC, Now and Clear beside a date that has no time.
 */
import { Component, createElement as h } from 'react';

/** The widget's name in the generated configuration (cms-fields.ts). */
export const dateWidget = 'clinic-date';

/** What Decap hands a field's control. */
interface ControlProps {
  forID: string;
  value?: unknown;
  onChange(value: string): void;
  classNameWrapper: string;
  setActiveStyle(): void;
  setInactiveStyle(): void;
}

/** A date as the file writes it, or '' when the value is not one (a date the YAML read as another type, or nothing). */
export function plainDate(value: unknown): string {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.toISOString().slice(0, 10);
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '';
}

/** A class, as Decap reaches into its control through a ref (a function component gives it none). */
export class PlainDateControl extends Component<ControlProps> {
  override render() {
    const { forID, value, onChange, classNameWrapper, setActiveStyle, setInactiveStyle } = this.props;
    return h('input', {
      id: forID,
      type: 'date',
      className: classNameWrapper,
      value: plainDate(value),
      onChange: (event: { target: { value: string } }) => onChange(event.target.value),
      onFocus: setActiveStyle,
      onBlur: setInactiveStyle,
    });
  }
}

/** The date in Decap's own preview (unused where the real page is the preview). */
export function PlainDatePreview({ value }: { value?: unknown }) {
  return h('p', null, plainDate(value));
}
