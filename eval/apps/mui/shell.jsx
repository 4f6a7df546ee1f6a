// The admin frame every MUI page sits in: an app bar with navigation and a paper card.
import { AppBar, Button, Container, Paper, Toolbar, Typography } from '@mui/material';
import { useEffect } from 'react';

/** A page titled `title` in the admin frame. */
export function Shell({ title, children }) {
  useEffect(() => void (document.title = `${title} · Acme Admin`), [title]);
  return (
    <>
      <AppBar position="static">
        <Toolbar>
          <Typography variant="h6" sx={{ mr: 4 }}>
            Acme Admin
          </Typography>
          {['Dashboard', 'Orders', 'Settings'].map((label) => (
            <Button key={label} color="inherit">
              {label}
            </Button>
          ))}
        </Toolbar>
      </AppBar>
      <Container maxWidth="sm" sx={{ py: 3 }}>
        <Paper sx={{ p: 3 }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </Paper>
      </Container>
    </>
  );
}
