import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ReactNode, type Ref, forwardRef, useId } from 'react';

export interface TextInputProps extends Pick<
  OutlinedInputProps,
  'type' | 'autoComplete' | 'autoFocus' | 'value' | 'onChange' | 'onBlur' | 'name' | 'inputRef' | 'multiline' | 'minRows' | 'placeholder' | 'disabled'
> {
  label?: ReactNode;
  helperText?: ReactNode;
  error?: boolean;
  required?: boolean;
  id?: string;
  margin?: 'none' | 'dense' | 'normal';
  fullWidth?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
  slotProps?: {
    input?: Pick<OutlinedInputProps, 'endAdornment' | 'startAdornment'>;
    htmlInput?: OutlinedInputProps['inputProps'];
  };
}

/**
 * An outlined text field with a label and helper text: MUI's TextField without its Select
 * (which pulls menus, popovers and modals into every form screen's first load). Accessible the
 * same way: the label names the input, the helper text describes it.
 */
export const TextInput = forwardRef(function TextInput(
  { label, helperText, error, required, id, margin = 'normal', fullWidth = true, size, sx, slotProps, disabled, ...input }: TextInputProps,
  ref: Ref<HTMLDivElement>,
) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper-text` : undefined;
  return (
    <FormControl ref={ref} variant="outlined" margin={margin} fullWidth={fullWidth} error={error} required={required} disabled={disabled} size={size} sx={sx}>
      {label !== undefined && <InputLabel htmlFor={inputId}>{label}</InputLabel>}
      <OutlinedInput
        id={inputId}
        label={label}
        aria-describedby={helperId}
        inputProps={slotProps?.htmlInput}
        endAdornment={slotProps?.input?.endAdornment}
        startAdornment={slotProps?.input?.startAdornment}
        {...input}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
});
