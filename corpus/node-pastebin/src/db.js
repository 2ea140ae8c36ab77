'use strict';

// Shared MySQL connection pool (promise API).

const mysql = require('mysql2/promise');
const config = require('./config');

const pool = mysql.createPool({ ...config.database, connectionLimit: 10, waitForConnections: true });

module.exports = { pool };
