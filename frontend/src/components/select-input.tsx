import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ChangeEventHandler, type ReactNode, type Ref, forwardRef, useId } from 'react';

export interface SelectInputProps {
  label: string;
  options: ReadonlyArray<{ value: string; label: ReactNode }>;
  value: string;
  onChange: ChangeEventHandler<HTMLSelectElement>;
  onBlur?: () => void;
  name?: string;
  inputRef?: Ref<HTMLSelectElement>;
  error?: boolean;
  helperText?: ReactNode;
  /** Id of an element describing the field (a shared error message). */
  describedBy?: string;
  margin?: 'none' | 'dense' | 'normal';
  /** Announced as required (aria-required); the form checks it and says what is missing. */
  required?: boolean;
  sx?: SxProps<Theme>;
}

/**
 * A labelled native <select> in the outlined style: the phone's own picker, and none of MUI
 * Select's menus, popovers and modals in the screen's first load.
 */
export const SelectInput = forwardRef(function SelectInput(
  { label, options, value, onChange, onBlur, name, inputRef, error, helperText, describedBy, margin = 'normal', required = false, sx }: SelectInputProps,
  ref: Ref<HTMLDivElement>,
) {
  const id = useId();
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl ref={ref} variant="outlined" margin={margin} fullWidth error={error} sx={sx}>
      <InputLabel htmlFor={id} shrink>
        {label}
      </InputLabel>
      <NativeSelect
        id={id}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        name={name}
        inputRef={inputRef}
        input={<OutlinedInput label={label} notched />}
        // aria-required, not required: the form checks itself and says what is missing in words.
        inputProps={{ 'aria-describedby': describedBy ?? helperId, 'aria-required': required || undefined }}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
});
