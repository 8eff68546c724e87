// What a form says after an action: the error (announced at once) and, when it worked, the
// success message. One component, so every form speaks the same way.

export function FormFeedback({ error, success }: { error?: string | null; success?: string | null }) {
  return (
    <>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      {success && (
        <div className="alert alert-success" role="status">
          {success}
        </div>
      )}
    </>
  );
}
