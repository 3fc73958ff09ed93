import Alert from '@mui/material/Alert';

type Props = { messages: string[] };

/** Errors that belong to the whole form rather than one field. */
export function FormError({ messages }: Props) {
  if (messages.length === 0) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {messages.map((message) => (
        <div key={message}>{message}</div>
      ))}
    </Alert>
  );
}
